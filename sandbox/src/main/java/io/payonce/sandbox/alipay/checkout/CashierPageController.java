package io.payonce.sandbox.alipay.checkout;

import io.payonce.sandbox.alipay.AlipayIds;
import io.payonce.sandbox.alipay.AlipayPlatformKey;
import io.payonce.sandbox.alipay.ledger.AlipayLedger;
import io.payonce.sandbox.alipay.ledger.AlipayOrder;
import io.payonce.sandbox.alipay.ledger.TradeRefused;
import io.payonce.sandbox.clock.SandboxClock;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.util.HtmlUtils;

/**
 * {@code /sandbox/alipay/checkout/{code}}: the cashier page a page.pay or wap.pay request opened.
 * The buyer logs in (page.pay: the trade is created, bound to that buyer) and pays from the wallet;
 * the notify follows as for any payment, and the browser is sent to the merchant's return_url with
 * the signed sync parameters. The page's code is also its QR code's: the sandbox wallet can scan
 * {@code https://qr.alipay.com/{code}} and pay it as well.
 */
@RestController
@RequestMapping("/sandbox/alipay/checkout/{code}")
class CashierPageController {

  private static final Pattern CODE = Pattern.compile("[a-z0-9]{1,40}");
  private static final String QR_PREFIX = "https://qr.alipay.com/";
  private static final String PAGE_PAY = "alipay.trade.page.pay";

  private final AlipayLedger ledger;
  private final AlipayPlatformKey platformKey;
  private final SandboxClock clock;

  CashierPageController(AlipayLedger ledger, AlipayPlatformKey platformKey, SandboxClock clock) {
    this.ledger = ledger;
    this.platformKey = platformKey;
    this.clock = clock;
  }

  @GetMapping(produces = MediaType.TEXT_HTML_VALUE)
  ResponseEntity<String> page(@PathVariable String code) {
    AlipayOrder order = checkout(code);
    if (order == null) {
      return error(HttpStatus.NOT_FOUND, "QR_CODE_UNKNOWN", "收银台不存在");
    }
    boolean wap = !PAGE_PAY.equals(order.checkout().method());
    String base = "/sandbox/alipay/checkout/" + code;
    StringBuilder html = new StringBuilder();
    html.append("<!doctype html><html><head><meta charset=\"utf-8\"><title>支付宝收银台</title>")
        .append("</head><body><h1>支付宝收银台</h1>")
        .append("<p>商品: <span id=\"subject\">")
        .append(esc(order.terms().subject()))
        .append("</span></p><p>金额: <span id=\"amount\">")
        .append(esc(AlipayIds.money(order.terms().totalAmount())))
        .append("</span></p><p>状态: <span id=\"status\">")
        .append(esc(order.status()))
        .append("</span></p><p>扫码支付: <code id=\"qr-code\">")
        .append(esc(order.qrCode()))
        .append("</code></p>");
    if (!wap) {
      html.append("<form method=\"post\" action=\"")
          .append(base)
          .append("/login\"><button id=\"login\">登录</button></form>");
    }
    html.append("<form method=\"post\" action=\"")
        .append(base)
        .append("/pay\"><button id=\"pay\">确认付款</button></form>");
    if (wap && order.checkout().quitUrl() != null) {
      html.append("<a id=\"quit\" href=\"")
          .append(esc(order.checkout().quitUrl()))
          .append("\">离开</a>");
    }
    html.append("</body></html>");
    return ResponseEntity.ok().contentType(HTML).body(html.toString());
  }

  /** The buyer logs in on the PC cashier: page.pay's trade is created and bound to the buyer. */
  @PostMapping("/login")
  ResponseEntity<String> login(
      @PathVariable String code, @RequestParam(required = false) String buyerId) {
    AlipayOrder order = checkout(code);
    if (order == null) {
      return error(HttpStatus.NOT_FOUND, "QR_CODE_UNKNOWN", "收银台不存在");
    }
    try {
      if (PAGE_PAY.equals(order.checkout().method())) {
        ledger.scan(order.qrCode(), buyer(buyerId));
      }
    } catch (TradeRefused refused) {
      return refused(refused);
    }
    return ResponseEntity.status(HttpStatus.SEE_OTHER)
        .location(URI.create("/sandbox/alipay/checkout/" + code))
        .build();
  }

  /** The buyer pays: the trade is created if needed and paid; the browser goes to return_url. */
  @PostMapping("/pay")
  ResponseEntity<String> pay(
      @PathVariable String code, @RequestParam(required = false) String buyerId) {
    AlipayOrder order = checkout(code);
    if (order == null) {
      return error(HttpStatus.NOT_FOUND, "QR_CODE_UNKNOWN", "收银台不存在");
    }
    AlipayOrder paid;
    try {
      paid = ledger.walletPay(order.qrCode(), buyer(buyerId));
    } catch (TradeRefused refused) {
      return refused(refused);
    }
    String returnUrl = paid.checkout().returnUrl();
    if (returnUrl == null) {
      return ResponseEntity.ok()
          .contentType(HTML)
          .body("<!doctype html><html><body><h1 id=\"paid\">支付成功</h1></body></html>");
    }
    return ResponseEntity.status(HttpStatus.FOUND)
        .location(
            URI.create(
                SyncReturn.url(returnUrl, SyncReturn.params(paid, clock.now(), platformKey))))
        .build();
  }

  private AlipayOrder checkout(String code) {
    if (!CODE.matcher(code).matches()) {
      return null;
    }
    return ledger.byCode(QR_PREFIX + code).filter(o -> o.checkout() != null).orElse(null);
  }

  private static String buyer(String buyerId) {
    return buyerId == null || buyerId.isBlank() ? AlipayIds.DEFAULT_BUYER : buyerId;
  }

  private static ResponseEntity<String> refused(TradeRefused refused) {
    HttpStatus status =
        switch (refused.refusal()) {
          case QR_CODE_UNKNOWN, TRADE_NOT_EXIST -> HttpStatus.NOT_FOUND;
          case QR_CODE_EXPIRED -> HttpStatus.GONE;
          default -> HttpStatus.CONFLICT;
        };
    return error(status, refused.refusal().subCode(), refused.getMessage());
  }

  private static ResponseEntity<String> error(HttpStatus status, String code, String message) {
    return ResponseEntity.status(status)
        .contentType(HTML)
        .body(
            "<!doctype html><html><head><meta charset=\"utf-8\"></head><body><h1>错误代码 <span"
                + " id=\"error-code\">"
                + esc(code)
                + "</span></h1><p>"
                + esc(message)
                + "</p></body></html>");
  }

  private static final MediaType HTML = new MediaType("text", "html", StandardCharsets.UTF_8);

  private static String esc(String text) {
    return text == null ? "" : HtmlUtils.htmlEscape(text);
  }
}
