package io.payonce.server.idempotency;

import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Idempotency-Key settings.
 *
 * @param ttl how long a key and its response are kept (at least 24 h is recommended)
 * @param lease how long a request holds its key while running; a crashed holder's key is taken over
 *     after this
 * @param paths the POST endpoints that honour keys besides every payment product's route (the
 *     product registry's, {@link io.payonce.server.channel.PaymentProducts}), which always does
 */
@ConfigurationProperties("payonce.idempotency")
public record IdempotencyProperties(
    @DefaultValue("24h") Duration ttl,
    @DefaultValue("60s") Duration lease,
    @DefaultValue("/pay/refund") List<String> paths) {}
