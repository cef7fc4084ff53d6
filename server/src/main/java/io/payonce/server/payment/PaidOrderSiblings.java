package io.payonce.server.payment;

import io.payonce.server.channel.PaymentKind;
import io.payonce.server.log.Failures;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionPhase;
import org.springframework.transaction.event.TransactionalEventListener;

/**
 * When a payment the order had moved on from — one closed here while the channel had no trade for
 * it yet, an order string or page or code the buyer opened later — pays the order, the payment in
 * flight since (a code shown, a page handed out) is no longer wanted: it is closed at its channel
 * right after the success commits, off the committing thread, so that the buyer cannot pay it too.
 * A barcode payment is left to its own request and the janitor (it is reversed, not closed). If
 * this instance dies first, the janitor closes the payment once its code has expired, as before.
 */
@Component
class PaidOrderSiblings {

  private static final Logger log = LoggerFactory.getLogger(PaidOrderSiblings.class);

  /** Published in the success's transaction: {@code sibling} is in flight beside a paid order. */
  record Unwanted(Payment sibling, String paidBy) {}

  private final PaymentCloser closer;
  private final ExecutorService background =
      Executors.newSingleThreadExecutor(
          r -> {
            Thread thread = new Thread(r, "paid-order-siblings");
            thread.setDaemon(true);
            return thread;
          });

  PaidOrderSiblings(PaymentCloser closer) {
    this.closer = closer;
  }

  @TransactionalEventListener(phase = TransactionPhase.AFTER_COMMIT)
  void onUnwanted(Unwanted unwanted) {
    if (unwanted.sibling().kind() == PaymentKind.BARCODE) {
      return;
    }
    background.execute(() -> close(unwanted));
  }

  private void close(Unwanted unwanted) {
    Payment sibling = unwanted.sibling();
    try {
      CloseResult closed = closer.close(sibling, "its order was paid by " + unwanted.paidBy());
      log.info(
          "paid-order sibling outTradeNo={} paidBy={} result={}",
          sibling.outTradeNo(),
          unwanted.paidBy(),
          closed);
    } catch (RuntimeException e) {
      // The janitor closes it once its code has expired.
      log.warn(
          "paid-order sibling outTradeNo={} not closed {}",
          sibling.outTradeNo(),
          Failures.describe(e));
    }
  }
}
