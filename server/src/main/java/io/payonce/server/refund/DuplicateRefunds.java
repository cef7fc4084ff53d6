package io.payonce.server.refund;

import io.payonce.server.journal.Aggregate;
import io.payonce.server.journal.TransitionSource;
import io.payonce.server.log.Failures;
import io.payonce.server.outbox.OutboxWriter;
import io.payonce.server.payment.DuplicatePaymentHandler;
import io.payonce.server.payment.Payment;
import jakarta.annotation.PreDestroy;
import java.util.OptionalLong;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * The automatic refund of a duplicate payment. Its number is derived from the payment ({@code
 * DUP_<out_trade_no>}), and it is written in the transaction that recorded the payment's success —
 * which only one caller ever wins — so whichever path saw it (notify, janitor, reconciliation), the
 * payment is refunded at most once. It is attempted right after commit and retried by the janitor.
 */
@Component
class DuplicateRefunds implements DuplicatePaymentHandler {

  private static final Logger log = LoggerFactory.getLogger(DuplicateRefunds.class);

  private final RefundOfWholePayment refunds;
  private final RefundExecutor executor;
  private final OutboxWriter outbox;
  private final ExecutorService background =
      Executors.newSingleThreadExecutor(
          r -> {
            Thread thread = new Thread(r, "duplicate-refunds");
            thread.setDaemon(true);
            return thread;
          });

  DuplicateRefunds(RefundOfWholePayment refunds, RefundExecutor executor, OutboxWriter outbox) {
    this.refunds = refunds;
    this.executor = executor;
    this.outbox = outbox;
  }

  @Override
  public void onDuplicate(Payment payment, String why) {
    OptionalLong opened =
        refunds.open(payment, RefundKind.DUPLICATE, "duplicate payment", TransitionSource.API, why);
    if (opened.isEmpty()) {
      return;
    }
    long id = opened.getAsLong();
    DuplicatePaymentDetectedData event =
        new DuplicatePaymentDetectedData(
            payment.payId(),
            payment.orderId(),
            payment.outTradeNo(),
            payment.amount().toDecimalString(),
            payment.amount().currency(),
            RefundOfWholePayment.number(payment, RefundKind.DUPLICATE));
    outbox.append(
        Aggregate.PAYMENT,
        payment.payId(),
        "DuplicatePaymentDetected",
        "payment " + payment.outTradeNo() + " charged an order already paid or cancelled",
        event);
    TransactionSynchronizationManager.registerSynchronization(
        new TransactionSynchronization() {
          @Override
          public void afterCommit() {
            background.execute(() -> attempt(id));
          }
        });
  }

  private void attempt(long refundId) {
    try {
      executor.drive(refundId);
    } catch (RuntimeException e) {
      log.warn("duplicate refund attempt failed refundId={} {}", refundId, Failures.describe(e));
    }
  }

  @PreDestroy
  void stop() {
    background.shutdownNow();
  }
}
