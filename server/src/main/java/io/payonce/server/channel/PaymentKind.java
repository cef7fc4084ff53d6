package io.payonce.server.channel;

/**
 * How the buyer pays — a product's kind of hand-off — part of a payment's identity beside its
 * channel. A request of one kind never joins, leases or calls the channel for a payment of another:
 * a QR precreate must not send {@code precreate} under a barcode payment's number, nor a barcode
 * retry cancel a QR payment.
 */
public enum PaymentKind {
  /** The merchant shows a code and the buyer scans it with the channel's app. */
  QR("precreate"),
  /** The merchant scans the code the buyer's app shows. */
  BARCODE("barcode"),
  /** The buyer's desktop browser is sent to the channel's cashier page (a GET link or a form). */
  WEB("web"),
  /** The buyer's phone browser, outside the channel's app, is sent to its mobile cashier page. */
  MOBILE_WEB("mobile-web"),
  /**
   * The merchant's own app hands the parameters the server signed to the channel's SDK on the
   * buyer's phone, which pays in the channel's app.
   */
  APP("app"),
  /**
   * The merchant's page inside the channel's app (its in-app browser) hands parameters to the app's
   * JS bridge; the trade is bound to the buyer's id at the channel ({@link
   * BuyerFacts#channelUserId()}).
   */
  JSAPI("jsapi"),
  /** The merchant's mini-program hands parameters to the app's payment call, as {@link #JSAPI}. */
  MINI_PROGRAM("mini-program");

  private final String verb;

  PaymentKind(String verb) {
    this.verb = verb;
  }

  /** The last segment of the merchant API's route for a product of this kind. */
  public String verb() {
    return verb;
  }

  /**
   * Whether a payment of this kind hands the buyer something to pay with (a code to scan, a page to
   * open) and then waits for the buyer: every kind but the barcode, where the merchant takes the
   * buyer's code and the channel call itself is the payment. Such payments are switched between
   * (closed at the channel first) and refreshed the same way.
   */
  public boolean issuesHandoff() {
    return this != BARCODE;
  }

  /**
   * Whether the hand-off sends the buyer's browser to the channel's page: the buyer's side may then
   * give where the page returns to ({@link BuyerFacts#returnUrl()}, {@link BuyerFacts#quitUrl()}).
   */
  public boolean redirects() {
    return this == WEB || this == MOBILE_WEB;
  }

  /**
   * Whether the product's route answers a {@link Handoff}: every kind that issues a hand-off but
   * the QR code, whose route answers the code alone.
   */
  public boolean answersHandoff() {
    return issuesHandoff() && this != QR;
  }

  /**
   * Whether the hand-off is parameters for the channel's app to pay with (a JS bridge, a
   * mini-program's payment call): such a trade is bound to one buyer, named by {@link
   * BuyerFacts#channelUserId()}, which the request must give.
   */
  public boolean bridges() {
    return this == JSAPI || this == MINI_PROGRAM;
  }
}
