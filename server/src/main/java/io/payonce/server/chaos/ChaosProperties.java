package io.payonce.server.chaos;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The chaos harness's hooks ({@code payonce.chaos.*}); none is active unless set. Test-only.
 *
 * @param crashPoints {@code point=probability} pairs, comma-separated (e.g. {@code
 *     after-init-commit=0.02,relay-after-confirm=0.05}): each time the server reaches a listed
 *     point it halts the JVM with that probability, like a kill -9 (see {@link CrashPoints})
 * @param stallPoints {@code point=probability} pairs: each time the server reaches a listed point
 *     it holds the thread there for {@code stallFor} with that probability, then goes on
 * @param stallFor how long a stalling point holds its thread
 * @param seed the seed of the crash points' random draws
 * @param clockSkew added to the server's clock (may be negative): simulates an instance whose clock
 *     is off
 */
@ConfigurationProperties("payonce.chaos")
public record ChaosProperties(
    @DefaultValue("") String crashPoints,
    @DefaultValue("") String stallPoints,
    @DefaultValue("3s") Duration stallFor,
    @DefaultValue("0") long seed,
    @DefaultValue("0s") Duration clockSkew) {}
