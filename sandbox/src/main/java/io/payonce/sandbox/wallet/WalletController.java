package io.payonce.sandbox.wallet;

import io.payonce.sandbox.web.SandboxProblem;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The buyer's wallet API and page, for every channel: the code decides which one acts. Served at
 * {@code /sandbox/wallet} and, unchanged for existing clients, at {@code /sandbox/alipay/wallet}.
 */
@RestController
@RequestMapping({"/sandbox/wallet", "/sandbox/alipay/wallet"})
class WalletController {

  private final List<WalletChannel> channels;

  WalletController(List<WalletChannel> channels) {
    this.channels = channels;
  }

  @GetMapping(produces = MediaType.TEXT_HTML_VALUE)
  ResponseEntity<String> page() throws IOException {
    try (InputStream page = getClass().getResourceAsStream("/sandbox/wallet.html")) {
      return ResponseEntity.ok()
          .contentType(new MediaType("text", "html", StandardCharsets.UTF_8))
          .body(new String(page.readAllBytes(), StandardCharsets.UTF_8));
    }
  }

  @PostMapping("/scan")
  WalletView scan(@RequestBody WalletAction action) {
    String code = action.requiredQrCode();
    return channelOf(code).scan(code, action.buyerId());
  }

  /** Pays a QR code (scanning it first if needed), or confirms a waiting payment-code payment. */
  @PostMapping("/pay")
  WalletView pay(@RequestBody WalletAction action) {
    if (action.qrCode() == null && (action.outTradeNo() != null || action.authCode() != null)) {
      return confirmingChannel(action).confirm(action.outTradeNo(), action.authCode());
    }
    String code = action.requiredQrCode();
    return channelOf(code).pay(code, action.buyerId());
  }

  private WalletChannel channelOf(String code) {
    return channels.stream()
        .filter(channel -> channel.recognizes(code))
        .findFirst()
        .orElseThrow(
            () ->
                new SandboxProblem(
                    HttpStatus.NOT_FOUND, "qr-code-unknown", "no channel issues this code"));
  }

  /**
   * The channel where it waits; otherwise the one that knows it, the one the payment code belongs
   * to, or the first (whose refusal then says why).
   */
  private WalletChannel confirmingChannel(WalletAction action) {
    return channels.stream()
        .filter(c -> c.awaitsConfirmation(action.outTradeNo(), action.authCode()))
        .findFirst()
        .or(
            () ->
                channels.stream()
                    .filter(c -> c.knowsPaymentCodeOrder(action.outTradeNo(), action.authCode()))
                    .findFirst())
        .or(
            () ->
                channels.stream()
                    .filter(
                        c ->
                            action.authCode() != null && c.recognizesPaymentCode(action.authCode()))
                    .findFirst())
        .orElse(channels.get(0));
  }

  /**
   * What the buyer acts on: a QR code / code_url, or (to confirm a payment-code payment) an
   * out_trade_no or the payment code. A blank buyerId means the channel's default buyer.
   */
  record WalletAction(String qrCode, String buyerId, String outTradeNo, String authCode) {

    WalletAction {
      buyerId = buyerId == null || buyerId.isBlank() ? null : buyerId;
    }

    String requiredQrCode() {
      if (qrCode == null || qrCode.isBlank()) {
        throw new IllegalArgumentException("qrCode is required");
      }
      return qrCode;
    }
  }
}
