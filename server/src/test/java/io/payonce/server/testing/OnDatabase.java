package io.payonce.server.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Runs a {@link PayOnceIntegrationTest} on the given database: points the datasource at it and
 * skips the class when the database does not answer, or fails it when {@code CI=true}.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Inherited
public @interface OnDatabase {

  TestDatabase value();
}
