package io.payonce.server.cashier.web;

import io.payonce.server.channel.PaymentKind;
import io.payonce.server.channel.PaymentProduct;

/**
 * One way to pay the cashier page offers: a product of the registry, with the names the page gives
 * its buttons and texts.
 */
public record CashierOffer(PaymentProduct product) {

  /**
   * The button's id: {@code pay-{channel}} for a QR code (as before), else {@code
   * pay-{channel}-{verb}}.
   */
  public String id() {
    return product.kind() == PaymentKind.QR ? "pay-" + channel() : "pay-" + key();
  }

  /** The channel and kind as the page names them, {@code {channel}-{verb}}. */
  public String key() {
    return channel() + "-" + product.kind().verb();
  }

  /** The channel's route name, which the click sends back. */
  public String channel() {
    return product.channel().path();
  }

  /** The kind's name, which the click sends back and the payment carries. */
  public String kind() {
    return product.kind().name();
  }

  /** The channel's name as payments carry it. */
  public String payment() {
    return product.channel().name();
  }

  /** The message of the button that chooses this product: "Pay with {0}" and the like. */
  public String payMessage() {
    return product.kind() == PaymentKind.QR
        ? "cashier.payWith"
        : "cashier." + product.kind().verb() + ".pay";
  }

  /** The message of the button that switches to this product from another one. */
  public String insteadMessage() {
    return "cashier." + product.kind().verb() + ".instead";
  }
}
