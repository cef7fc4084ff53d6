package io.payonce.server.payment;

import io.payonce.server.alarm.AlarmType;
import io.payonce.server.alarm.Alarms;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Every in-flight state has an age alarm: a payment that has not moved for {@code
 * payonce.janitor.stuck-after} — an INIT whose call's outcome stayed unknown, a code past its
 * expiry the janitor could not close, a reversal the channel never answered — blocks its order, so
 * it is alarmed (PAYMENT_STUCK), once per payment on whichever instance claims it first. A
 * payment-code payment is bound sooner, by its own code: once the code has expired (margin
 * included) the channel can take nothing more, so one still in flight — a reversal the channel will
 * not settle — is alarmed then. Run by the janitor's schedule, after each sweep.
 */
@Component
public class StuckPayments {

  private final PaymentRepository payments;
  private final Alarms alarms;
  private final JanitorProperties props;
  private final PaymentProperties paymentProps;
  private final TransactionTemplate transactions;
  private final Clock clock;

  StuckPayments(
      PaymentRepository payments,
      Alarms alarms,
      JanitorProperties props,
      PaymentProperties paymentProps,
      TransactionTemplate transactions,
      Clock clock) {
    this.payments = payments;
    this.alarms = alarms;
    this.props = props;
    this.paymentProps = paymentProps;
    this.transactions = transactions;
    this.clock = clock;
  }

  /** One round; returns how many payments this instance alarmed. */
  public int alarm() {
    Instant now = clock.instant();
    List<Payment> stuck =
        payments.findStuck(
            now.minus(props.stuckAfter()), now.minus(paymentProps.expiryMargin()), props.batch());
    int alarmed = 0;
    for (Payment payment : stuck) {
      Boolean claimed =
          transactions.execute(
              status -> {
                if (!payments.claimStuckAlarm(payment.payId(), now)) {
                  return false;
                }
                alarms.raiseWithChange(
                    AlarmType.PAYMENT_STUCK,
                    payment.channel().name(),
                    payment.outTradeNo(),
                    payment.status()
                        + " since "
                        + payment.updatedAt()
                        + " ("
                        + Duration.between(payment.updatedAt(), now).toMinutes()
                        + " min): the order takes no other payment until it settles");
                return true;
              });
      if (Boolean.TRUE.equals(claimed)) {
        alarmed++;
      }
    }
    return alarmed;
  }
}
