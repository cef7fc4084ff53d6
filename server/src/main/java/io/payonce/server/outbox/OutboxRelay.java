package io.payonce.server.outbox;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/**
 * Publishes outbox rows at least once: claim a batch (a lease other instances respect), hand it to
 * every {@link EventHandoff} (the webhooks' delivery records) and deliver it to the sink, mark what
 * all of them confirmed. A row is marked only after its confirmation, so a crash anywhere before
 * that leaves it to be published again when the lease runs out — a second delivery, never a lost
 * event. A row whose delivery failed waits an exponential back-off.
 */
@Component
public class OutboxRelay {

  private static final Logger log = LoggerFactory.getLogger(OutboxRelay.class);

  private final OutboxClaims claims;
  private final EventEnvelopes envelopes;
  private final EventSink sink;
  private final List<EventHandoff> handoffs;
  private final RelayCheckpoint checkpoint;
  private final RelayProperties props;
  private final Clock clock;
  private final String instance = UUID.randomUUID().toString().substring(0, 8);
  private final Counter published;
  private final Counter failed;

  OutboxRelay(
      OutboxClaims claims,
      EventEnvelopes envelopes,
      EventSink sink,
      ObjectProvider<EventHandoff> handoffs,
      ObjectProvider<RelayCheckpoint> checkpoint,
      RelayProperties props,
      Clock clock,
      MeterRegistry meters) {
    this.claims = claims;
    this.envelopes = envelopes;
    this.sink = sink;
    this.handoffs = handoffs.orderedStream().toList();
    this.checkpoint = checkpoint.getIfAvailable(() -> events -> {});
    this.props = props;
    this.clock = clock;
    this.published = meters.counter("payonce.outbox.published", "sink", sink.name());
    this.failed = meters.counter("payonce.outbox.failed", "sink", sink.name());
    Gauge.builder("payonce.outbox.pending", claims, OutboxClaims::pending).register(meters);
  }

  /**
   * Relays until the outbox has nothing claimable left or a batch could not be delivered in full.
   *
   * @return how many events were published
   */
  public int drain() {
    int total = 0;
    while (true) {
      Pass pass = relayOnce();
      total += pass.published();
      if (pass.claimed() == 0 || pass.published() < pass.claimed()) {
        return total;
      }
    }
  }

  /** One claim, delivery and mark. */
  Pass relayOnce() {
    Instant now = clock.instant();
    OutboxClaims.Claim claim = claims.claim(props.batch(), now, now.plus(props.lease()));
    if (claim.rows().isEmpty()) {
      return new Pass(0, 0);
    }
    List<EventEnvelope> batch = claim.rows().stream().map(envelopes::of).toList();
    Set<String> delivered = deliver(batch);
    List<EventEnvelope> confirmed = new ArrayList<>();
    List<Long> confirmedIds = new ArrayList<>();
    for (int i = 0; i < batch.size(); i++) {
      OutboxClaims.ClaimedRow row = claim.rows().get(i);
      if (delivered.contains(batch.get(i).eventId())) {
        confirmed.add(batch.get(i));
        confirmedIds.add(row.id());
      } else {
        claims.retryAfter(row.id(), claim.token(), clock.instant().plus(backoff(row.attempts())));
      }
    }
    checkpoint.confirmed(confirmed);
    io.payonce.server.chaos.CrashPoints.reach("relay-after-confirm");
    claims.markPublished(confirmedIds, clock.instant());
    published.increment(confirmedIds.size());
    failed.increment(batch.size() - confirmedIds.size());
    if (confirmedIds.size() < batch.size()) {
      log.warn(
          "outbox relay instance={} sink={} claimed={} published={} retrying={}",
          instance,
          sink.name(),
          batch.size(),
          confirmedIds.size(),
          batch.size() - confirmedIds.size());
    }
    return new Pass(batch.size(), confirmedIds.size());
  }

  // Handoffs first: they are idempotent, so an event a handoff could not take is not sent to the
  // sink yet (it would be sent again with the retry), and one the sink then refuses costs the
  // handoff nothing when it comes back.
  private Set<String> deliver(List<EventEnvelope> batch) {
    try {
      List<EventEnvelope> handedOver = batch;
      for (EventHandoff handoff : handoffs) {
        Set<String> taken = handoff.accept(handedOver);
        handedOver = handedOver.stream().filter(e -> taken.contains(e.eventId())).toList();
      }
      return handedOver.isEmpty() ? Set.of() : sink.deliver(handedOver);
    } catch (RuntimeException e) {
      // A sink that is down (broker unreachable, webhook refused) costs a retry, never an event.
      log.warn(
          "outbox relay instance={} sink={} down reason={}",
          instance,
          sink.name(),
          e.getClass().getSimpleName());
      return Set.of();
    }
  }

  private Duration backoff(int attempts) {
    long seconds = 1L << Math.min(Math.max(attempts - 1, 0), 10);
    Duration wait = Duration.ofSeconds(seconds);
    return wait.compareTo(props.maxBackoff()) > 0 ? props.maxBackoff() : wait;
  }

  /** What one pass did. */
  record Pass(int claimed, int published) {}
}
