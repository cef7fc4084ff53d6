package io.payonce.chaos.events;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Every event delivered to the harness, deduplicated by event id as an idempotent consumer would: a
 * redelivery of the same event id is counted but applied once; two event ids for one fact are two
 * fulfilments.
 */
public final class EventLog {

  /** One distinct event. */
  public record Event(
      String eventId, String type, String orderNo, long firstAtMs, int deliveries) {}

  private final Map<String, Event> byId = new LinkedHashMap<>();
  private long deliveries;
  private long rejected;

  /** Records a delivery; true if this event id was new. */
  public synchronized boolean deliver(String eventId, String type, String orderNo, long atMs) {
    deliveries++;
    Event seen = byId.get(eventId);
    if (seen != null) {
      byId.put(
          eventId,
          new Event(eventId, seen.type(), seen.orderNo(), seen.firstAtMs(), seen.deliveries() + 1));
      return false;
    }
    byId.put(eventId, new Event(eventId, type, orderNo, atMs, 1));
    return true;
  }

  /** A delivery the receiver refused (bad signature, unreadable). */
  public synchronized void reject() {
    rejected++;
  }

  /** The distinct event ids of {@code type} for each order, in arrival order. */
  public synchronized Map<String, List<String>> idsByOrder(String type) {
    Map<String, List<String>> ids = new LinkedHashMap<>();
    for (Event event : byId.values()) {
      if (type.equals(event.type()) && event.orderNo() != null) {
        ids.computeIfAbsent(event.orderNo(), o -> new ArrayList<>()).add(event.eventId());
      }
    }
    return ids;
  }

  public synchronized Set<String> types() {
    Set<String> types = new LinkedHashSet<>();
    byId.values().forEach(e -> types.add(e.type()));
    return types;
  }

  public synchronized boolean has(String eventId) {
    return byId.containsKey(eventId);
  }

  public synchronized int distinct() {
    return byId.size();
  }

  public synchronized long deliveries() {
    return deliveries;
  }

  public synchronized long rejected() {
    return rejected;
  }
}
