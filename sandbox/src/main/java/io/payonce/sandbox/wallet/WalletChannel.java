package io.payonce.sandbox.wallet;

/**
 * One channel's side of the wallet. Refusals are thrown as {@link
 * io.payonce.sandbox.web.SandboxProblem}s (404 unknown code, 410 expired, 409 paid or closed).
 */
public interface WalletChannel {

  /** Whether the QR code (or code_url) is this channel's. */
  boolean recognizes(String code);

  /** Whether the payment code (auth_code) is this channel's. */
  boolean recognizesPaymentCode(String authCode);

  /** The buyer scans the code: what the phone shows (Alipay creates the trade here). */
  WalletView scan(String code, String buyerId);

  /** The buyer scans if needed, then pays. */
  WalletView pay(String code, String buyerId);

  /** Whether a payment-code payment with this number or code waits for the buyer here. */
  boolean awaitsConfirmation(String outTradeNo, String authCode);

  /** Whether a payment-code payment with this number or code exists here, in whatever state. */
  boolean knowsPaymentCodeOrder(String outTradeNo, String authCode);

  /** The buyer confirms a waiting payment-code payment (enters the password). */
  WalletView confirm(String outTradeNo, String authCode);
}
