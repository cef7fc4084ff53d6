package io.payonce.sandbox.wechat.app;

import io.payonce.sandbox.chaos.Chaos;
import io.payonce.sandbox.chaos.ChaosKnob;
import io.payonce.sandbox.wechat.SignedPayerCall;
import io.payonce.sandbox.wechat.WechatIds;
import io.payonce.sandbox.wechat.WechatMerchants;
import io.payonce.sandbox.wechat.ledger.TradeType;
import io.payonce.sandbox.wechat.ledger.WechatLedger;
import io.payonce.sandbox.wechat.ledger.WechatOrder;
import io.payonce.sandbox.wechat.ledger.WechatRefused;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /sandbox/wechat/app/pay}: what the WeChat app on the phone does when the merchant's
 * mobile app sends it a {@code PayReq} (appid, partnerid, prepayid, package {@code Sign=WXPay},
 * noncestr, timestamp, sign). The parameters are checked as WeChat checks them — {@code sign} is
 * SHA256withRSA over {@code appid\ntimestamp\nnoncestr\nprepayid\n} with the merchant's API key
 * (verified with the public key the merchant registered), appid and partnerid are the order's —
 * then the order is paid by the buyer signed in ({@code openid}, optional) and notified (with the
 * notify knobs). The answer is the app's {@code PayResp}: {@code errCode} 0, never proof to the
 * merchant.
 */
@RestController
@RequestMapping("/sandbox/wechat/app")
class WechatAppController {

  private static final String PAY = "wechat.app.pay";
  private static final String PACKAGE = "Sign=WXPay";

  private final WechatLedger ledger;
  private final SignedPayerCall calls;
  private final Chaos chaos;

  WechatAppController(WechatLedger ledger, WechatMerchants merchants, Chaos chaos) {
    this.ledger = ledger;
    this.calls = new SignedPayerCall("app", "errCode -1", merchants);
    this.chaos = chaos;
  }

  /**
   * The PayReq's fields as the merchant's app passes them, and the buyer paying.
   *
   * @param packageValue {@code Sign=WXPay}, JSON {@code package}
   * @param openid the buyer signed in to WeChat (optional: a sandbox buyer)
   */
  record PayReq(
      String appid,
      String partnerid,
      String prepayid,
      @com.fasterxml.jackson.annotation.JsonProperty("package") String packageValue,
      String noncestr,
      String timestamp,
      String sign,
      String openid) {}

  @PostMapping(
      path = "/pay",
      consumes = MediaType.APPLICATION_JSON_VALUE,
      produces = MediaType.APPLICATION_JSON_VALUE)
  Map<String, Object> pay(@RequestBody PayReq request) {
    if (blank(request.appid())
        || blank(request.partnerid())
        || blank(request.prepayid())
        || blank(request.noncestr())
        || blank(request.timestamp())
        || blank(request.sign())
        || !PACKAGE.equals(request.packageValue())) {
      throw calls.refused(HttpStatus.BAD_REQUEST, "params-missing", "缺少参数");
    }
    try {
      WechatOrder order = ledger.byPrepayId(request.prepayid(), TradeType.APP);
      if (!order.appid().equals(request.appid())) {
        throw calls.refused(HttpStatus.FORBIDDEN, "appid-mismatch", "appid 与下单 appid 不一致");
      }
      if (!order.mchid().equals(request.partnerid())) {
        throw calls.refused(HttpStatus.FORBIDDEN, "partnerid-mismatch", "partnerid 与下单商户号不一致");
      }
      calls.verify(
          order.mchid(),
          request.sign(),
          request.appid(),
          request.timestamp(),
          request.noncestr(),
          request.prepayid());
      WechatOrder paid =
          ledger.appPay(
              request.prepayid(),
              blank(request.openid()) ? WechatIds.DEFAULT_OPENID : request.openid(),
              outTradeNo -> chaos.flag(ChaosKnob.PAYABLE_AFTER_TIME_EXPIRE, PAY, outTradeNo));
      Map<String, Object> answer = new LinkedHashMap<>();
      answer.put("errCode", 0);
      answer.put("outTradeNo", paid.outTradeNo());
      answer.put("transactionId", paid.transactionId());
      return answer;
    } catch (WechatRefused e) {
      throw calls.refused(e);
    }
  }

  private static boolean blank(String value) {
    return SignedPayerCall.blank(value);
  }
}
