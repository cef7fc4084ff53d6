package io.payonce.server.webhook;

/** No webhook delivery with that id. */
public class DeliveryNotFoundException extends RuntimeException {

  public DeliveryNotFoundException(long id) {
    super("no webhook delivery " + id, null, false, false);
  }
}
