package io.payonce.server.web;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The problem types a merchant endpoint answers besides those every signed request may get
 * (unauthorized, disabled app, malformed body, internal, temporarily unavailable): read by the API
 * document ({@code apidoc.web}), so that each endpoint's problems are declared beside its code.
 * Endpoints that share a list (one per channel) share it as an annotation of their own, annotated
 * with this one.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
public @interface ProblemResponses {

  /** The endpoint's own problem types. */
  ProblemType[] value();
}
