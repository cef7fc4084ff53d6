package io.payonce.server.payment;

import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Service;

/**
 * The payment module's face to the others: reads of payments, and the refund reservations that keep
 * a payment's refunds within what was paid. Statuses move only through this module's services.
 * Every method joins the caller's transaction.
 */
@Service
public class Payments {

  private final PaymentRepository payments;

  Payments(PaymentRepository payments) {
    this.payments = payments;
  }

  public Optional<Payment> findById(long payId) {
    return payments.findById(payId);
  }

  public Optional<Payment> findByOutTradeNo(String outTradeNo) {
    return payments.findByOutTradeNo(outTradeNo);
  }

  /** All payments of an order, oldest first. */
  public List<Payment> findByOrderId(long orderId) {
    return payments.findByOrderId(orderId);
  }

  /**
   * Reserves {@code amount} of a successful payment for a refund: true only if the reservations,
   * this one included, stay within the amount paid — decided by one conditional UPDATE.
   */
  public boolean reserveRefund(long payId, long amount) {
    return payments.reserveRefund(payId, amount);
  }

  /** Gives back the reservation of a refund that definitely failed. */
  public void releaseRefund(long payId, long amount) {
    payments.releaseRefund(payId, amount);
  }
}
