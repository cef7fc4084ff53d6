package io.payonce.server.paytoken;

import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Pay token settings ({@code payonce.pay-token.*}).
 *
 * @param ttl how long an unused token is valid
 * @param required whether payment requests must carry a {@code payToken}
 * @param requiredOn the payment requests that {@code required} applies to; none named (the
 *     default): every payment product's route (the product registry's)
 * @param retention how long a used token is remembered, so that a retry with it is recognised (and
 *     replayed by the idempotency key it is) rather than refused as unknown
 */
@ConfigurationProperties("payonce.pay-token")
public record PayTokenProperties(
    @DefaultValue("15m") Duration ttl,
    @DefaultValue("false") boolean required,
    List<String> requiredOn,
    @DefaultValue("24h") Duration retention) {}
