package io.payonce.server.notify;

import java.util.Locale;
import java.util.Map;

/**
 * One delivery to a callback, as it arrived: nothing in it is trusted until its protocol verified
 * it.
 *
 * @param source the sender's address as the server sees it (behind a load balancer, with forwarded
 *     headers configured, the client's); what the door counts by
 * @param configKey the stored configuration its path names, or null on the protocol's own path
 * @param headers the request's headers by lower-case name (the first value of each)
 * @param form the form parameters (the first value of each), for a {@link
 *     CallbackProtocol.Body#FORM} protocol; empty otherwise
 * @param body the raw body, for a {@link CallbackProtocol.Body#RAW} protocol; empty otherwise
 */
public record CallbackDelivery(
    String source,
    String configKey,
    Map<String, String> headers,
    Map<String, String> form,
    String body) {

  public CallbackDelivery {
    headers = Map.copyOf(headers);
    form = Map.copyOf(form);
    body = body == null ? "" : body;
  }

  /** A header's value, by its name in any case; null when absent. */
  public String header(String name) {
    return headers.get(name.toLowerCase(Locale.ROOT));
  }
}
