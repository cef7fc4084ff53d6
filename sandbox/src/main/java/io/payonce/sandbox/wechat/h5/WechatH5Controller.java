package io.payonce.sandbox.wechat.h5;

import io.payonce.sandbox.chaos.Chaos;
import io.payonce.sandbox.chaos.ChaosKnob;
import io.payonce.sandbox.wechat.WechatIds;
import io.payonce.sandbox.wechat.ledger.TradeType;
import io.payonce.sandbox.wechat.ledger.WechatLedger;
import io.payonce.sandbox.wechat.ledger.WechatOrder;
import io.payonce.sandbox.wechat.ledger.WechatRefused;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.util.HtmlUtils;

/**
 * {@code /sandbox/wechat/h5/pay}: the page an h5_url opens in the phone's browser outside WeChat.
 * {@code GET} shows the H5 order's checkout (refused once the h5_url is older than 5 minutes by the
 * sandbox clock, or replaced by a newer one); its form's {@code POST} pays the order once from the
 * buyer's wallet ({@code openid}, optional), notifies trade_type MWEB as every payment does (with
 * the notify knobs) and sends the browser to {@code redirect_url} when there is one.
 */
@RestController
@RequestMapping("/sandbox/wechat/h5/pay")
class WechatH5Controller {

  private static final String PAY = "wechat.h5.pay";
  private static final MediaType HTML = new MediaType("text", "html", StandardCharsets.UTF_8);

  private final WechatLedger ledger;
  private final Chaos chaos;

  WechatH5Controller(WechatLedger ledger, Chaos chaos) {
    this.ledger = ledger;
    this.chaos = chaos;
  }

  @GetMapping(produces = MediaType.TEXT_HTML_VALUE)
  ResponseEntity<String> page(
      @RequestParam(name = "prepay_id", required = false) String prepayId,
      @RequestParam(name = "redirect_url", required = false) String redirectUrl) {
    WechatOrder order;
    try {
      order = ledger.byPrepayId(prepayId, TradeType.MWEB);
    } catch (WechatRefused e) {
      return refused(e);
    }
    StringBuilder html = new StringBuilder();
    html.append("<!doctype html><html><head><meta charset=\"utf-8\"><title>微信支付</title>")
        .append("</head><body><h1>微信支付</h1><p>商品: <span id=\"description\">")
        .append(esc(order.terms().description()))
        .append("</span></p><p>金额(分): <span id=\"amount\">")
        .append(order.terms().total())
        .append("</span></p><p>状态: <span id=\"status\">")
        .append(esc(order.state().name()))
        .append("</span></p><form method=\"post\" action=\"/sandbox/wechat/h5/pay\">")
        .append("<input type=\"hidden\" name=\"prepay_id\" value=\"")
        .append(esc(prepayId))
        .append("\">");
    if (redirectUrl != null && !redirectUrl.isBlank()) {
      html.append("<input type=\"hidden\" name=\"redirect_url\" value=\"")
          .append(esc(redirectUrl))
          .append("\">");
    }
    html.append("<button id=\"pay\">立即支付</button></form></body></html>");
    return ResponseEntity.ok().contentType(HTML).body(html.toString());
  }

  @PostMapping
  ResponseEntity<String> pay(
      @RequestParam(name = "prepay_id", required = false) String prepayId,
      @RequestParam(name = "redirect_url", required = false) String redirectUrl,
      @RequestParam(required = false) String openid) {
    try {
      ledger.h5Pay(
          prepayId,
          openid == null || openid.isBlank() ? WechatIds.DEFAULT_OPENID : openid,
          outTradeNo -> chaos.flag(ChaosKnob.PAYABLE_AFTER_TIME_EXPIRE, PAY, outTradeNo));
    } catch (WechatRefused e) {
      return refused(e);
    }
    if (redirectUrl == null || redirectUrl.isBlank()) {
      return ResponseEntity.ok()
          .contentType(HTML)
          .body("<!doctype html><html><body><h1 id=\"paid\">支付成功</h1></body></html>");
    }
    return ResponseEntity.status(HttpStatus.FOUND).location(URI.create(redirectUrl)).build();
  }

  private static ResponseEntity<String> refused(WechatRefused e) {
    HttpStatus status = HttpStatus.resolve(e.refusal().httpStatus());
    return ResponseEntity.status(status == null ? HttpStatus.CONFLICT : status)
        .contentType(HTML)
        .body(
            "<!doctype html><html><head><meta charset=\"utf-8\"></head><body><h1>错误代码 <span"
                + " id=\"error-code\">"
                + esc(e.refusal().code().toUpperCase(Locale.ROOT))
                + "</span></h1><p>"
                + esc(e.getMessage())
                + "</p></body></html>");
  }

  private static String esc(String text) {
    return text == null ? "" : HtmlUtils.htmlEscape(text);
  }
}
