package io.payonce.server.cashier.web;

import io.payonce.server.channel.PaymentKind;
import java.util.List;

/**
 * What the buyer's browser is, as far as the cashier's offer goes. Read from the {@code
 * Sec-CH-UA-Mobile} client hint when the browser sends it, else from the User-Agent as MDN advises
 * ("Mobi" anywhere in it means a phone); an app's in-app browser is recognised by the User-Agent
 * tokens configured in {@code payonce.cashier.in-app-browsers}.
 */
enum BuyerDevice {
  /** A desktop browser: the QR codes (scanned with a phone), then the channels' websites. */
  DESKTOP(List.of(PaymentKind.QR, PaymentKind.WEB)),
  /** A phone's browser: the channels' mobile pages first, then the QR codes. */
  MOBILE(List.of(PaymentKind.MOBILE_WEB, PaymentKind.QR)),
  /**
   * An app's own browser (a channel's app, say): its pages may not open another's, and paying
   * through the app's bridge needs the buyer's id at the channel, which the cashier does not ask
   * for; the QR codes only, as before.
   */
  IN_APP(List.of(PaymentKind.QR));

  static final String MOBILE_HINT = "Sec-CH-UA-Mobile";

  private final List<PaymentKind> kinds;

  BuyerDevice(List<PaymentKind> kinds) {
    this.kinds = kinds;
  }

  /** The kinds of products offered on this device, the one to show first first. */
  List<PaymentKind> kinds() {
    return kinds;
  }

  /**
   * The device behind a request's headers.
   *
   * @param mobileHint the {@code Sec-CH-UA-Mobile} header ({@code ?1} on a phone), or null
   * @param userAgent the {@code User-Agent} header, or null
   * @param inAppTokens the User-Agent tokens of in-app browsers
   */
  static BuyerDevice of(String mobileHint, String userAgent, List<String> inAppTokens) {
    String agent = userAgent == null ? "" : userAgent;
    if (inAppTokens.stream().anyMatch(token -> !token.isBlank() && agent.contains(token))) {
      return IN_APP;
    }
    if (mobileHint != null && !mobileHint.isBlank()) {
      return mobileHint.trim().equals("?1") ? MOBILE : DESKTOP;
    }
    return agent.contains("Mobi") ? MOBILE : DESKTOP;
  }
}
