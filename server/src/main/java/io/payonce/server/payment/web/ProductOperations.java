package io.payonce.server.payment.web;

import io.payonce.server.channel.PaymentKind;
import io.payonce.server.channel.PaymentProduct;
import io.payonce.server.channel.PaymentProducts;
import org.springframework.http.HttpStatus;
import org.springframework.web.server.ResponseStatusException;

/** What the product routes ({@code /pay/{channel}/...}) share. */
final class ProductOperations {

  /**
   * Stands for the channel's name in an operation's summary; the API document writes one operation
   * per product (apidoc).
   */
  static final String CHANNEL = "{channel}";

  static final String CHANNEL_PARAMETER = "The channel, by the name its routes use";

  private ProductOperations() {}

  /**
   * The product a route names.
   *
   * @throws ResponseStatusException 404 for a channel this instance does not offer it on: such a
   *     route does not exist here
   */
  static PaymentProduct product(PaymentProducts products, String channel, PaymentKind kind) {
    return products
        .find(channel, kind)
        .orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND));
  }
}
