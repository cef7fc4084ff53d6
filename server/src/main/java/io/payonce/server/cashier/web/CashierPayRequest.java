package io.payonce.server.cashier.web;

import io.payonce.server.channel.PaymentKind;
import java.util.Locale;

/**
 * The cashier's "pay", "refresh" or "continue" click.
 *
 * @param requestId the click's id, so that a repeated click opens nothing new
 * @param refresh whether the buyer asked for a new code or page
 * @param channel the channel the buyer chose, by route name; the first one offered when none
 * @param kind the kind of product the buyer chose ({@code QR}, {@code WEB}, {@code MOBILE_WEB}, as
 *     the page's buttons carry it); a QR code when none
 */
record CashierPayRequest(String requestId, Boolean refresh, String channel, String kind) {

  boolean wantsRefresh() {
    return Boolean.TRUE.equals(refresh);
  }

  /** The kind asked for, or null when it names none the server knows. */
  PaymentKind paymentKind() {
    if (kind == null) {
      return PaymentKind.QR;
    }
    try {
      return PaymentKind.valueOf(kind.toUpperCase(Locale.ROOT).replace('-', '_'));
    } catch (IllegalArgumentException e) {
      return null;
    }
  }
}
