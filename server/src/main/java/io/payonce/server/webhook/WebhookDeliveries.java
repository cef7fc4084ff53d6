package io.payonce.server.webhook;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * The webhooks' face to operators (the ops endpoints, the console): deliveries with their attempts,
 * and resending one.
 */
@Service
public class WebhookDeliveries {

  /** The most deliveries one listing returns. */
  public static final int MAX_LIST = 500;

  private static final Logger log = LoggerFactory.getLogger(WebhookDeliveries.class);

  private final DeliveryRepository repository;
  private final WebhookDispatcher dispatcher;
  private final WebhookProperties props;
  private final java.time.Clock clock;

  WebhookDeliveries(
      DeliveryRepository repository,
      WebhookDispatcher dispatcher,
      WebhookProperties props,
      java.time.Clock clock) {
    this.repository = repository;
    this.dispatcher = dispatcher;
    this.props = props;
    this.clock = clock;
  }

  @Transactional(readOnly = true)
  public Optional<WebhookDelivery> find(long id) {
    return repository.find(id).map(this::withAttempts);
  }

  /** The payment (out_trade_no) the delivery's event concerns, if it concerns one. */
  @Transactional(readOnly = true)
  public Optional<String> paymentOf(WebhookDelivery delivery) {
    return repository.outTradeNoOf(delivery.eventId());
  }

  /** The deliveries of the events of every app's orders with this number, oldest first. */
  @Transactional(readOnly = true)
  public List<WebhookDelivery> ofOrder(String orderNo) {
    return repository.ofOrderNo(orderNo, MAX_LIST).stream().map(this::withAttempts).toList();
  }

  /** The deliveries of one event (one per destination). */
  @Transactional(readOnly = true)
  public List<WebhookDelivery> ofEvent(String eventId) {
    return repository.ofEvent(eventId).stream().map(this::withAttempts).toList();
  }

  /**
   * The most recent deliveries in a state (e.g. PARKED: what waits for an operator), newest first.
   */
  @Transactional(readOnly = true)
  public List<WebhookDelivery> inState(DeliveryState state, int limit) {
    return repository.inState(state, Math.max(1, Math.min(limit, MAX_LIST))).stream()
        .map(this::withAttempts)
        .toList();
  }

  /**
   * Sends a delivered or parked delivery again, now, from this instance: arms it again (a fresh
   * retry schedule) and claims it in one conditional UPDATE, so a dispatcher on any instance keeps
   * off it, then makes the attempt, recorded like any other (cause RESEND). If that attempt fails
   * the delivery stays PENDING and the dispatchers follow the schedule; if this instance dies
   * meanwhile the lease runs out and one of them takes it over.
   *
   * @param operator who asks, recorded with the attempt
   * @return the delivery after the attempt
   * @throws DeliveryNotFoundException when there is no such delivery
   * @throws DeliveryNotResendableException when it is PENDING (the dispatchers have it)
   */
  public WebhookDelivery resend(long id, String operator) {
    String token = UUID.randomUUID().toString();
    Instant now = clock.instant();
    Optional<DeliveryRepository.ClaimedDelivery> claimed =
        repository.rearmAndClaim(id, token, now, now.plus(props.lease()));
    if (claimed.isEmpty()) {
      WebhookDelivery current = find(id).orElseThrow(() -> new DeliveryNotFoundException(id));
      throw new DeliveryNotResendableException(current);
    }
    log.info("webhook resend deliveryId={} operator={}", id, operator);
    dispatcher.attempt(claimed.get(), WebhookDispatcher.RESEND, operator);
    return find(id).orElseThrow(() -> new DeliveryNotFoundException(id));
  }

  private WebhookDelivery withAttempts(WebhookDelivery delivery) {
    return delivery.withAttempts(repository.attempts(delivery.id()));
  }
}
