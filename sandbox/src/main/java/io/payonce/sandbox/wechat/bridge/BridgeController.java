package io.payonce.sandbox.wechat.bridge;

import io.payonce.sandbox.chaos.Chaos;
import io.payonce.sandbox.chaos.ChaosKnob;
import io.payonce.sandbox.wechat.SignedPayerCall;
import io.payonce.sandbox.wechat.WechatMerchants;
import io.payonce.sandbox.wechat.ledger.WechatLedger;
import io.payonce.sandbox.wechat.ledger.WechatOrder;
import io.payonce.sandbox.wechat.ledger.WechatRefused;
import io.payonce.sandbox.wechat.oauth.OfficialAccounts;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.CookieValue;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /sandbox/wechat/bridge/pay}: what WeChat does when a page calls {@code
 * WeixinJSBridge.invoke('getBrandWCPayRequest', params)} (or a mini-program {@code
 * wx.requestPayment(params)}) for the buyer {@code openid}. The parameters are checked as WeChat
 * checks them — {@code paySign} is SHA256withRSA over {@code appId\ntimeStamp\nnonceStr\npackage\n}
 * with the merchant's API key (verified with the public key the merchant registered), the appId is
 * the order's, the buyer is the payer the order was placed for — then the order is paid and
 * notified (with the notify knobs). {@code GET /sandbox/wechat/jsbridge.js} defines both calls for
 * a page in a browser, the buyer being {@code window.SANDBOX_WECHAT_OPENID} or, when the page names
 * none, the WeChat user of this browser (the one the official account's sign-in named: {@link
 * OfficialAccounts#openid}).
 */
@RestController
@RequestMapping("/sandbox/wechat")
class BridgeController {

  private static final String PAY = "wechat.bridge.pay";
  private static final String OK = "get_brand_wcpay_request:ok";
  private static final String FAIL = "get_brand_wcpay_request:fail";
  private static final String PREFIX = "prepay_id=";

  private final WechatLedger ledger;
  private final SignedPayerCall calls;
  private final Chaos chaos;

  BridgeController(WechatLedger ledger, WechatMerchants merchants, Chaos chaos) {
    this.ledger = ledger;
    this.calls = new SignedPayerCall("bridge", FAIL, merchants);
    this.chaos = chaos;
  }

  /**
   * The bridge's parameters as the merchant's page passes them, and the buyer paying.
   *
   * @param packageValue {@code prepay_id=...}, JSON {@code package}
   */
  record BridgeRequest(
      String appId,
      String timeStamp,
      String nonceStr,
      @com.fasterxml.jackson.annotation.JsonProperty("package") String packageValue,
      String signType,
      String paySign,
      String openid) {}

  @PostMapping(
      path = "/bridge/pay",
      consumes = MediaType.APPLICATION_JSON_VALUE,
      produces = MediaType.APPLICATION_JSON_VALUE)
  Map<String, Object> pay(
      @RequestBody BridgeRequest request,
      @CookieValue(name = "sandbox_wechat_user", required = false) String user) {
    if (blank(request.appId())
        || blank(request.timeStamp())
        || blank(request.nonceStr())
        || blank(request.packageValue())
        || blank(request.paySign())
        || !request.packageValue().startsWith(PREFIX)) {
      throw calls.refused(HttpStatus.BAD_REQUEST, "params-missing", "缺少参数");
    }
    if (request.signType() != null && !"RSA".equals(request.signType())) {
      throw calls.refused(HttpStatus.BAD_REQUEST, "sign-type", "signType 必须为 RSA");
    }
    try {
      WechatOrder order = ledger.byPrepayId(request.packageValue().substring(PREFIX.length()));
      if (!order.appid().equals(request.appId())) {
        throw calls.refused(HttpStatus.FORBIDDEN, "appid-mismatch", "appId 与下单 appid 不一致");
      }
      calls.verify(
          order.mchid(),
          request.paySign(),
          request.appId(),
          request.timeStamp(),
          request.nonceStr(),
          request.packageValue());
      WechatOrder paid =
          ledger.bridgePay(
              order.codeUrl(),
              blank(request.openid())
                  ? OfficialAccounts.openid(order.appid(), user)
                  : request.openid(),
              outTradeNo -> chaos.flag(ChaosKnob.PAYABLE_AFTER_TIME_EXPIRE, PAY, outTradeNo));
      Map<String, Object> answer = new LinkedHashMap<>();
      answer.put("err_msg", OK);
      answer.put("outTradeNo", paid.outTradeNo());
      answer.put("transactionId", paid.transactionId());
      return answer;
    } catch (WechatRefused e) {
      throw calls.refused(e);
    }
  }

  /** Defines the two calls for a page in a browser, both answered by {@code /bridge/pay}. */
  @GetMapping(path = "/jsbridge.js", produces = "text/javascript")
  String script() {
    return """
        (function () {
          var base = document.currentScript ? new URL(document.currentScript.src).origin : '';
          function pay(params, done) {
            var body = Object.assign({}, params, {openid: window.SANDBOX_WECHAT_OPENID});
            fetch(base + '/sandbox/wechat/bridge/pay', {
              method: 'POST', headers: {'Content-Type': 'application/json'},
              body: JSON.stringify(body)
            }).then(function (r) { return r.json(); }).then(function (answer) {
              done({err_msg: answer.err_msg || '%s', detail: answer.detail});
            }, function () { done({err_msg: '%s'}); });
          }
          window.WeixinJSBridge = {invoke: function (name, params, callback) {
            if (name === 'getBrandWCPayRequest') { pay(params, callback || function () {}); }
          }};
          window.wx = window.wx || {};
          window.wx.requestPayment = function (options) {
            pay(options, function (res) {
              if (res.err_msg === '%s') { options.success && options.success(res); }
              else { options.fail && options.fail(res); }
              options.complete && options.complete(res);
            });
          };
        })();
        """
        .formatted(FAIL, FAIL, OK);
  }

  private static boolean blank(String value) {
    return SignedPayerCall.blank(value);
  }
}
