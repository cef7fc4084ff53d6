package io.payonce.sandbox.alipay.wallet;

import io.payonce.sandbox.alipay.AlipayIds;
import io.payonce.sandbox.alipay.ledger.AlipayLedger;
import io.payonce.sandbox.alipay.ledger.AlipayOrder;
import io.payonce.sandbox.alipay.ledger.TradeRefused;
import io.payonce.sandbox.web.SandboxProblem;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The buyer's wallet (sandbox-only, not part of Alipay's protocol): scan a QR code (creates the
 * trade), pay it, or confirm a waiting barcode payment; plus a phone-sized page to do it by hand.
 */
@RestController
@RequestMapping("/sandbox/alipay/wallet")
class WalletController {

  private final AlipayLedger ledger;

  WalletController(AlipayLedger ledger) {
    this.ledger = ledger;
  }

  @GetMapping(produces = MediaType.TEXT_HTML_VALUE)
  ResponseEntity<String> page() throws IOException {
    try (InputStream page = getClass().getResourceAsStream("/sandbox/alipay-wallet.html")) {
      return ResponseEntity.ok()
          .contentType(new MediaType("text", "html", StandardCharsets.UTF_8))
          .body(new String(page.readAllBytes(), StandardCharsets.UTF_8));
    }
  }

  @PostMapping("/scan")
  WalletView scan(@RequestBody WalletAction action) {
    return WalletView.of(ledger.scan(action.requiredQrCode(), action.buyer()));
  }

  /** Pays a QR code (scanning it first if needed), or confirms a waiting barcode trade. */
  @PostMapping("/pay")
  WalletView pay(@RequestBody WalletAction action) {
    if (action.qrCode() == null && action.outTradeNo() != null) {
      return WalletView.of(ledger.confirm(action.outTradeNo()));
    }
    return WalletView.of(ledger.walletPay(action.requiredQrCode(), action.buyer()));
  }

  @ExceptionHandler(TradeRefused.class)
  ProblemDetail refused(TradeRefused refused) {
    HttpStatus status =
        switch (refused.refusal()) {
          case QR_CODE_UNKNOWN, TRADE_NOT_EXIST -> HttpStatus.NOT_FOUND;
          case QR_CODE_EXPIRED -> HttpStatus.GONE;
          default -> HttpStatus.CONFLICT;
        };
    String type =
        switch (refused.refusal()) {
          case QR_CODE_UNKNOWN -> "qr-code-unknown";
          case QR_CODE_EXPIRED -> "qr-code-expired";
          case TRADE_HAS_SUCCESS -> "trade-already-paid";
          case TRADE_HAS_CLOSE -> "trade-closed";
          case TRADE_BUYER_NOT_MATCH -> "buyer-not-match";
          case TRADE_NOT_EXIST -> "trade-not-exist";
          default -> "trade-refused";
        };
    return new SandboxProblem(
            status, type, refused.refusal().subCode() + ": " + refused.getMessage())
        .getBody();
  }

  /** What the buyer acts on: a QR code, or (to confirm a barcode payment) an out_trade_no. */
  record WalletAction(String qrCode, String buyerId, String outTradeNo) {

    String requiredQrCode() {
      if (qrCode == null || qrCode.isBlank()) {
        throw new IllegalArgumentException("qrCode is required");
      }
      return qrCode;
    }

    String buyer() {
      return buyerId == null || buyerId.isBlank() ? AlipayIds.DEFAULT_BUYER : buyerId;
    }
  }

  /** What the buyer's phone shows. */
  record WalletView(
      String outTradeNo,
      String tradeNo,
      String tradeStatus,
      String merchant,
      String subject,
      String totalAmount) {

    static WalletView of(AlipayOrder order) {
      return new WalletView(
          order.outTradeNo(),
          order.trade().tradeNo(),
          order.trade().status().name(),
          order.sellerId(),
          order.terms().subject(),
          AlipayIds.money(order.terms().totalAmount()));
    }
  }
}
