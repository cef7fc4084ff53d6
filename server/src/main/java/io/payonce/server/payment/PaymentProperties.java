package io.payonce.server.payment;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Payment timing.
 *
 * @param qrTtl how long a QR code may be paid; sent to the channel as the trade's expiry
 * @param callLease how long one instance holds the right to make a payment's precreate call before
 *     another may retry it; longer than the channel client's read timeout
 * @param duplicateWait how long a duplicate precreate waits for the first one's channel call before
 *     answering 409 with Retry-After
 * @param queryAfter how old a non-final payment must be before GET /pay/query asks the channel
 * @param queryInterval the least time between two channel queries about one payment
 */
@ConfigurationProperties("payonce.payment")
public record PaymentProperties(
    @DefaultValue("15m") Duration qrTtl,
    @DefaultValue("20s") Duration callLease,
    @DefaultValue("2s") Duration duplicateWait,
    @DefaultValue("30s") Duration queryAfter,
    @DefaultValue("5s") Duration queryInterval) {}
