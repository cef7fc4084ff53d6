package io.payonce.server.cashier;

import java.time.Instant;

/**
 * Everything the cashier page shows about an order, read without any channel call. The page keeps
 * it current by polling {@code GET /cashier/{orderNo}/query}.
 *
 * @param serverTime the server's "now", so the page counts down on the server's clock
 * @param payment the payment that matters most (paid, else in flight, else the latest), or null
 */
public record CashierView(
    String orderNo,
    String title,
    String amount,
    String currency,
    String orderStatus,
    PaymentView payment,
    Instant serverTime) {

  /**
   * The payment as the buyer sees it.
   *
   * @param paidAt when our books recorded the payment as successful, or null
   * @param qrImage the address of the QR code's image while it may be paid, else null
   * @param walletUrl the sandbox wallet's page for this QR code (only with the sandbox on), else
   *     null
   * @param channel the channel of the code, as payments name it ({@code ALIPAY}, ...): the page
   *     says which app to scan with and which channel paid
   * @param kind how the payment is paid, as payments name it ({@code QR}, {@code WEB}, {@code
   *     MOBILE_WEB}, ...)
   * @param handedOff whether the payment's hand-off to the channel's page may still be paid: the
   *     page offers to continue there (asking again answers the same hand-off); false for a code
   */
  public record PaymentView(
      String outTradeNo,
      String status,
      String tradeNo,
      Instant expireTime,
      Instant paidAt,
      String qrImage,
      String walletUrl,
      String channel,
      String kind,
      boolean handedOff) {}
}
