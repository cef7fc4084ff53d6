package io.payonce.server.payment;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Payment timing and policies.
 *
 * @param qrTtl how long a QR code, or any other hand-off (a cashier page), may be paid; sent to the
 *     channel as the trade's expiry
 * @param callLease how long one instance holds the right to make a payment's precreate call before
 *     another may retry it; longer than the channel client's read timeout
 * @param duplicateWait how long a duplicate precreate waits for the first one's channel call before
 *     answering 409 with Retry-After; likewise how long a refund of an order not known paid waits
 *     for another request's query of its payment before answering 503 with Retry-After
 * @param queryAfter how old a non-final payment must be before GET /pay/query asks the channel
 * @param queryInterval the least time between two channel queries about one payment (GET
 *     /pay/query, and a refund of an order not known paid)
 * @param expiryMargin how long past a payment's expiry we still treat its code as payable (clock
 *     skew between us and the channel) before declaring it dead
 * @param barcodeTtl how long a barcode payment may take before the channel closes it
 * @param barcodePollInterval how often a barcode payment waiting for the buyer is queried
 * @param barcodePollFor how long it is queried before it is cancelled
 * @param lateSuccessOnClosedOrder what a success on an order the merchant cancelled does: REFUND it
 *     automatically (default) or ACCEPT it and mark the order paid
 */
@ConfigurationProperties("payonce.payment")
public record PaymentProperties(
    @DefaultValue("15m") Duration qrTtl,
    @DefaultValue("20s") Duration callLease,
    @DefaultValue("2s") Duration duplicateWait,
    @DefaultValue("30s") Duration queryAfter,
    @DefaultValue("5s") Duration queryInterval,
    @DefaultValue("60s") Duration expiryMargin,
    @DefaultValue("5m") Duration barcodeTtl,
    @DefaultValue("3s") Duration barcodePollInterval,
    @DefaultValue("30s") Duration barcodePollFor,
    @DefaultValue("REFUND") LateSuccessPolicy lateSuccessOnClosedOrder) {

  /** How long a payment of this kind may be paid: sent to the channel as the trade's expiry. */
  public java.time.Duration ttl(io.payonce.server.channel.PaymentKind kind) {
    return kind.issuesHandoff() ? qrTtl : barcodeTtl;
  }

  /** What to do with money taken for an order the merchant had cancelled. */
  public enum LateSuccessPolicy {
    /** Refund it automatically (alarm DUPLICATE_PAYMENT). */
    REFUND,
    /** Keep it: the order becomes PAID after all (alarm PAID_AFTER_CLOSE). */
    ACCEPT
  }
}
