package io.payonce.server.webhook;

import io.payonce.server.app.Apps;
import io.payonce.server.app.MerchantApp;
import io.payonce.server.outbox.EventEnvelope;
import io.payonce.server.outbox.EventEnvelopes;
import io.payonce.server.outbox.EventHandoff;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The relay's confirmation for webhooks: an event is taken once its delivery row is durably written
 * (or once it is clear it has no destination). Posting is the dispatcher's work, row by row, so a
 * slow or dead merchant URL never holds the relay — nor any other app's events — back.
 *
 * <p>The destination is the order's own notifyUrl when it gave one, else its app's webhook URL;
 * either way the body is signed with the app's webhook secret. An app with no URL (and an order
 * without notifyUrl), or with no webhook secret, gets no delivery row: there is nowhere, or no key,
 * to send it with.
 *
 * <p>When this instance dispatches, the deliveries its dispatcher has room for are written leased
 * to it and handed over at once ({@link WebhookDispatcher#adopt}): the dispatcher neither looks for
 * them nor claims them. The rest are written unclaimed, for any instance's dispatcher to claim.
 */
@Component
class WebhookHandoff implements EventHandoff {

  static final String APP = "APP";
  static final String ORDER = "ORDER";
  private static final Logger log = LoggerFactory.getLogger(WebhookHandoff.class);

  private final EventOwners owners;
  private final DeliveryRepository deliveries;
  private final Apps apps;
  private final EventEnvelopes envelopes;
  private final Clock clock;
  private final WebhookDispatcher dispatcher;
  private final Duration lease;
  private final TransactionTemplate transactions;

  WebhookHandoff(
      EventOwners owners,
      DeliveryRepository deliveries,
      Apps apps,
      EventEnvelopes envelopes,
      Clock clock,
      WebhookDispatcher dispatcher,
      WebhookProperties props,
      PlatformTransactionManager transactionManager) {
    this.owners = owners;
    this.deliveries = deliveries;
    this.apps = apps;
    this.envelopes = envelopes;
    this.clock = clock;
    this.dispatcher = dispatcher;
    this.lease = props.lease();
    this.transactions = new TransactionTemplate(transactionManager);
  }

  @Override
  public Set<String> accept(List<EventEnvelope> events) {
    Map<String, AppWebhook> byApp = new HashMap<>();
    Set<String> taken = new LinkedHashSet<>();
    Instant now = clock.instant();
    DeliveryRepository.BirthClaim claim =
        new DeliveryRepository.BirthClaim(UUID.randomUUID().toString(), now.plus(lease));
    EventOwners.Batch owned = owners.of(events);
    List<Planned> planned = new ArrayList<>();
    if (owned.complete()) {
      plan(events, owned, byApp, planned, taken);
    }
    List<DeliveryRepository.ClaimedDelivery> born = new ArrayList<>();
    try {
      write(events, owned, byApp, planned, claim, now, born, taken);
    } finally {
      // Whatever was written leased to this instance is its to post, even if a later event failed.
      dispatcher.adopt(born, claim.until());
    }
    return taken;
  }

  private void plan(
      List<EventEnvelope> events,
      EventOwners.Batch owned,
      Map<String, AppWebhook> byApp,
      List<Planned> planned,
      Set<String> taken) {
    for (EventEnvelope event : events) {
      try {
        plan(event, owned, byApp).ifPresent(planned::add);
        taken.add(event.eventId());
      } catch (RuntimeException e) {
        log.warn(
            "webhook handoff failed eventId={} reason={}",
            event.eventId(),
            e.getClass().getSimpleName());
      }
    }
  }

  // One transaction for the batch: the owners the cache did not know (one statement for the
  // batch's payments, one for the orders none of them named), then its rows, one commit for them
  // all. If the owners cannot be read, no event is taken: the relay hands them over again. If the
  // rows cannot commit (an event handed over already, by this relay before a crash or by another
  // instance; a deadlock victim; the database away) each row is written on its own instead, an
  // event that already has its row counting as taken.
  private void write(
      List<EventEnvelope> events,
      EventOwners.Batch owned,
      Map<String, AppWebhook> byApp,
      List<Planned> planned,
      DeliveryRepository.BirthClaim claim,
      Instant now,
      List<DeliveryRepository.ClaimedDelivery> born,
      Set<String> taken) {
    if (owned.complete() && planned.isEmpty()) {
      return;
    }
    List<DeliveryRepository.ClaimedDelivery> written;
    try {
      written =
          transactions.execute(
              status -> {
                if (!owned.complete()) {
                  owned.read();
                  plan(events, owned, byApp, planned, taken);
                }
                return planned.stream()
                    .map(p -> deliveries.insert(p.delivery(), now, p.leased() ? claim : null))
                    .toList();
              });
    } catch (RuntimeException batchFailed) {
      if (!owned.complete()) {
        for (EventEnvelope event : events) {
          log.warn(
              "webhook handoff failed eventId={} reason={}",
              event.eventId(),
              batchFailed.getClass().getSimpleName());
        }
        return;
      }
      written = new ArrayList<>();
      for (Planned p : planned) {
        try {
          deliveries
              .insertIfAbsent(p.delivery(), now, p.leased() ? claim : null)
              .filter(d -> d.token() == null)
              .ifPresent(written::add);
        } catch (RuntimeException e) {
          taken.remove(p.delivery().eventId());
          log.warn(
              "webhook handoff failed eventId={} reason={}",
              p.delivery().eventId(),
              e.getClass().getSimpleName());
        }
      }
      // What this batch's lease holds: the rows written just now, and those of a transaction that
      // committed although its answer was lost (refused here as duplicates, yet leased to us).
      if (planned.stream().anyMatch(Planned::leased)) {
        written.addAll(deliveries.heldBy(claim.token()));
      }
    }
    for (DeliveryRepository.ClaimedDelivery delivery : written) {
      if (delivery.token() != null) {
        born.add(delivery);
      } else {
        dispatcher.dueUnclaimed(delivery.appId());
      }
    }
  }

  /** The delivery an event needs, if any, and whether it is written leased to this instance. */
  private Optional<Planned> plan(
      EventEnvelope event, EventOwners.Batch owned, Map<String, AppWebhook> byApp) {
    Optional<EventOwners.Owner> owner = owned.of(event);
    if (owner.isEmpty()) {
      return Optional.empty();
    }
    String appId = owner.get().appId();
    AppWebhook app = byApp.computeIfAbsent(appId, this::webhookOf);
    String notifyUrl = owner.get().notifyUrl();
    String url = notifyUrl != null ? notifyUrl : app.url();
    if (url == null) {
      return Optional.empty();
    }
    if (!app.signable()) {
      log.warn(
          "webhook not sent appId={} eventId={} reason=no-webhook-secret", appId, event.eventId());
      return Optional.empty();
    }
    boolean leased = app.room > 0;
    if (leased) {
      app.room--;
    }
    return Optional.of(
        new Planned(
            new DeliveryRepository.NewDelivery(
                event.eventId(),
                event.type(),
                appId,
                event.orderNo(),
                url,
                notifyUrl != null ? ORDER : APP,
                new String(envelopes.toJson(event), StandardCharsets.UTF_8)),
            leased));
  }

  private record Planned(DeliveryRepository.NewDelivery delivery, boolean leased) {}

  private AppWebhook webhookOf(String appId) {
    String url =
        apps.find(appId).map(MerchantApp::webhookUrl).filter(u -> !u.isBlank()).orElse(null);
    return new AppWebhook(url, apps.hasWebhookSecret(appId), dispatcher.roomAtBirth(appId));
  }

  /** An app's destination, whether it can be signed, and how many more this batch may lease. */
  private static final class AppWebhook {
    private final String url;
    private final boolean signable;
    private int room;

    AppWebhook(String url, boolean signable, int room) {
      this.url = url;
      this.signable = signable;
      this.room = room;
    }

    String url() {
      return url;
    }

    boolean signable() {
      return signable;
    }
  }
}
