package io.payonce.server.payment.web;

import io.payonce.server.web.ProblemResponses;
import io.payonce.server.web.ProblemType;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The problems a barcode (payment code) request answers, on every channel. */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
@ProblemResponses({
  ProblemType.NOT_FOUND,
  ProblemType.ORDER_PAID,
  ProblemType.ORDER_CLOSED,
  ProblemType.PAYMENT_IN_PROGRESS,
  ProblemType.PAYMENT_BEING_REVERSED,
  ProblemType.CHANNEL_NOT_CONFIGURED,
  ProblemType.AMOUNT_OVER_CHANNEL_LIMIT,
  ProblemType.PAYMENT_REFUSED,
  ProblemType.CHANNEL_UNAVAILABLE,
  ProblemType.CHANNEL_REFUSED,
  ProblemType.IDEMPOTENCY_KEY_INVALID,
  ProblemType.IDEMPOTENCY_KEY_REUSED,
  ProblemType.IDEMPOTENCY_KEY_IN_USE,
  ProblemType.PAY_TOKEN_INVALID,
  ProblemType.PAY_TOKEN_FORBIDDEN,
  ProblemType.PAY_TOKEN_USED,
  ProblemType.PAY_TOKEN_UNAVAILABLE
})
@interface BarcodeProblems {}
