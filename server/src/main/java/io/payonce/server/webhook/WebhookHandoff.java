package io.payonce.server.webhook;

import io.payonce.server.app.Apps;
import io.payonce.server.app.MerchantApp;
import io.payonce.server.outbox.EventEnvelope;
import io.payonce.server.outbox.EventEnvelopes;
import io.payonce.server.outbox.EventHandoff;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The relay's confirmation for webhooks: an event is taken once its delivery row is durably written
 * (or once it is clear it has no destination). Posting is the dispatcher's work, row by row, so a
 * slow or dead merchant URL never holds the relay — nor any other app's events — back.
 *
 * <p>The destination is the order's own notifyUrl when it gave one, else its app's webhook URL;
 * either way the body is signed with the app's webhook secret. An app with no URL (and an order
 * without notifyUrl), or with no webhook secret, gets no delivery row: there is nowhere, or no key,
 * to send it with.
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

  WebhookHandoff(
      EventOwners owners,
      DeliveryRepository deliveries,
      Apps apps,
      EventEnvelopes envelopes,
      Clock clock) {
    this.owners = owners;
    this.deliveries = deliveries;
    this.apps = apps;
    this.envelopes = envelopes;
    this.clock = clock;
  }

  @Override
  public Set<String> accept(List<EventEnvelope> events) {
    Map<String, AppWebhook> byApp = new HashMap<>();
    Set<String> taken = new LinkedHashSet<>();
    for (EventEnvelope event : events) {
      try {
        record(event, byApp);
        taken.add(event.eventId());
      } catch (RuntimeException e) {
        log.warn(
            "webhook handoff failed eventId={} reason={}",
            event.eventId(),
            e.getClass().getSimpleName());
      }
    }
    return taken;
  }

  private void record(EventEnvelope event, Map<String, AppWebhook> byApp) {
    Optional<EventOwners.Owner> owner = owners.of(event.aggregate(), event.aggregateId());
    if (owner.isEmpty()) {
      return;
    }
    String appId = owner.get().appId();
    AppWebhook app = byApp.computeIfAbsent(appId, this::webhookOf);
    String notifyUrl = owner.get().notifyUrl();
    String url = notifyUrl != null ? notifyUrl : app.url();
    if (url == null) {
      return;
    }
    if (!app.signable()) {
      log.warn(
          "webhook not sent appId={} eventId={} reason=no-webhook-secret", appId, event.eventId());
      return;
    }
    deliveries.insertIfAbsent(
        new DeliveryRepository.NewDelivery(
            event.eventId(),
            event.type(),
            appId,
            event.orderNo(),
            url,
            notifyUrl != null ? ORDER : APP,
            new String(envelopes.toJson(event), StandardCharsets.UTF_8)),
        clock.instant());
  }

  private AppWebhook webhookOf(String appId) {
    String url =
        apps.find(appId).map(MerchantApp::webhookUrl).filter(u -> !u.isBlank()).orElse(null);
    return new AppWebhook(url, apps.hasWebhookSecret(appId));
  }

  private record AppWebhook(String url, boolean signable) {}
}
