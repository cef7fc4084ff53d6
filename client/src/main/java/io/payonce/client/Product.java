package io.payonce.client;

/**
 * How the buyer pays online: each product hands the buyer's side something to pay with (a {@link
 * Handoff}). The QR code and the payment code have methods of their own ({@link
 * PayOnceClient#precreate}, {@link PayOnceClient#payWithBarcode}).
 */
public enum Product {
  /** The buyer's desktop browser is sent to the channel's cashier page (a link or a form). */
  WEB("web"),
  /** The buyer's phone browser, outside the channel's app, is sent to its mobile cashier page. */
  MOBILE_WEB("mobile-web"),
  /** The merchant's app hands signed parameters to the channel's SDK on the buyer's phone. */
  APP("app"),
  /**
   * The merchant's page inside the channel's app hands parameters to its JS bridge; the buyer's id
   * at the channel ({@link Buyer#channelUserId()}) is required.
   */
  JSAPI("jsapi"),
  /** The merchant's mini-program hands parameters to its payment call, as {@link #JSAPI}. */
  MINI_PROGRAM("mini-program");

  private final String path;

  Product(String path) {
    this.path = path;
  }

  /** The product's segment in the API's paths ({@code /pay/alipay/web}). */
  String path() {
    return path;
  }
}
