package io.payonce.sandbox.wechat.v2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.github.binarywang.wxpay.bean.notify.WxPayOrderNotifyResult;
import com.github.binarywang.wxpay.bean.request.WxPayMicropayRequest;
import com.github.binarywang.wxpay.bean.request.WxPayOrderReverseRequest;
import com.github.binarywang.wxpay.bean.result.WxPayMicropayResult;
import com.github.binarywang.wxpay.bean.result.WxPayOrderQueryResult;
import com.github.binarywang.wxpay.bean.result.WxPayOrderReverseResult;
import com.github.binarywang.wxpay.config.WxPayConfig;
import com.github.binarywang.wxpay.exception.WxPayException;
import com.github.binarywang.wxpay.service.WxPayService;
import com.github.binarywang.wxpay.service.impl.WxPayServiceImpl;
import com.wechat.pay.java.service.payments.model.Transaction;
import io.payonce.sandbox.SandboxIntegrationTest;
import io.payonce.sandbox.wechat.WechatNotifyReceiver;
import io.payonce.sandbox.wechat.WechatSandboxTestSupport;
import io.payonce.sandbox.wechat.wallet.TestPaymentCode;
import java.security.NoSuchAlgorithmException;
import java.util.Map;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import tools.jackson.databind.JsonNode;

/**
 * APIv2 (payment code, order query, reverse, the XML notify) driven by WxJava's weixin-java-pay,
 * which signs every request and checks the sign of every answer and notify.
 */
@SandboxIntegrationTest
class WechatApiV2IntegrationTests extends WechatSandboxTestSupport {

  private WxPayService md5;
  private WxPayService hmac;

  @BeforeEach
  void connectWxJava() throws NoSuchAlgorithmException {
    md5 = wxJava(null);
    hmac = wxJava("HMAC-SHA256");
  }

  private WxPayService wxJava(String signType) throws NoSuchAlgorithmException {
    WxPayConfig config = new WxPayConfig();
    config.setPayBaseUrl("http://127.0.0.1:" + port + "/sandbox/wechat");
    config.setAppId(APPID);
    config.setMchId(MCHID);
    config.setMchKey(V2_KEY);
    config.setSignType(signType);
    // Reverse asks for the merchant certificate at WeChat; over plain http none is needed.
    config.setSslContext(SSLContext.getDefault());
    WxPayService service = new WxPayServiceImpl();
    service.setConfig(config);
    return service;
  }

  private static WxPayMicropayRequest micropay(String outTradeNo, int fen, TestPaymentCode code) {
    return micropay(outTradeNo, fen, code.code());
  }

  private static WxPayMicropayRequest micropay(String outTradeNo, int fen, String authCode) {
    return WxPayMicropayRequest.newBuilder()
        .body("付款码 test")
        .outTradeNo(outTradeNo)
        .totalFee(fen)
        .spbillCreateIp("127.0.0.1")
        .authCode(authCode)
        .build();
  }

  private static String errCode(WxPayService service, WxPayMicropayRequest request) {
    try {
      service.micropay(request);
      return "SUCCESS";
    } catch (WxPayException e) {
      return e.getErrCode();
    }
  }

  @Test
  void aPaymentCodeThatPaysAtOnceAnswersSuccessSignedWithMd5OrHmacSha256() throws WxPayException {
    for (WxPayService service : new WxPayService[] {md5, hmac}) {
      String outTradeNo = outTradeNo();
      WxPayMicropayResult paid =
          service.micropay(micropay(outTradeNo, 12, TestPaymentCode.PAYS_AT_ONCE));

      assertThat(paid.getTransactionId()).hasSize(28);
      assertThat(paid.getTotalFee()).isEqualTo(12);
      assertThat(paid.getTradeType()).isEqualTo("MICROPAY");
      WxPayOrderQueryResult queried = service.queryOrder(null, outTradeNo);
      assertThat(queried.getTradeState()).isEqualTo("SUCCESS");
      Transaction v3 = query(outTradeNo);
      assertThat(v3.getTradeType()).isEqualTo(Transaction.TradeTypeEnum.MICROPAY);
      assertThat(v3.getTransactionId()).isEqualTo(paid.getTransactionId());
    }
  }

  @Test
  void aBuyerWhoMustEnterThePasswordIsUserpayingUntilTheyConfirm() throws WxPayException {
    String later = outTradeNo();
    String byWallet = outTradeNo();

    assertThat(errCode(md5, micropay(later, 5, TestPaymentCode.CONFIRMS_LATER)))
        .isEqualTo("USERPAYING");
    assertThat(errCode(md5, micropay(byWallet, 5, TestPaymentCode.NEVER_CONFIRMS)))
        .isEqualTo("USERPAYING");
    assertThat(md5.queryOrder(null, later).getTradeState()).isEqualTo("USERPAYING");
    assertThat(errCode(md5, micropay(later, 5, TestPaymentCode.CONFIRMS_LATER)))
        .as("a repeated call while the buyer types")
        .isEqualTo("USERPAYING");

    moveClock("PT6S");
    assertThat(md5.queryOrder(null, later).getTradeState()).isEqualTo("SUCCESS");
    assertThat(md5.queryOrder(null, byWallet).getTradeState()).isEqualTo("USERPAYING");
    JsonNode confirmed =
        postJson("/sandbox/wallet/pay", Map.of("authCode", TestPaymentCode.NEVER_CONFIRMS.code()));
    assertThat(confirmed.get("outTradeNo").asString()).isEqualTo(byWallet);
    assertThat(md5.queryOrder(null, byWallet).getTradeState()).isEqualTo("SUCCESS");
    assertThat(errCode(md5, micropay(later, 5, TestPaymentCode.CONFIRMS_LATER)))
        .isEqualTo("ORDERPAID");
  }

  @Test
  void reversingWhileTheBuyerTypesIsRefusedAndAfterThePaymentRefundsItOnceHoweverOftenAsked()
      throws WxPayException {
    String outTradeNo = outTradeNo();
    errCode(md5, micropay(outTradeNo, 50, TestPaymentCode.NEVER_CONFIRMS));

    assertThatThrownBy(() -> md5.reverseOrder(reverse(outTradeNo)))
        .isInstanceOfSatisfying(
            WxPayException.class, e -> assertThat(e.getErrCode()).isEqualTo("USERPAYING"));
    postJson("/sandbox/wallet/pay", Map.of("outTradeNo", outTradeNo));

    WxPayOrderReverseResult first = md5.reverseOrder(reverse(outTradeNo));
    WxPayOrderReverseResult repeated = md5.reverseOrder(reverse(outTradeNo));

    assertThat(first.getIsRecall()).isEqualTo("N");
    assertThat(first.toMap())
        .containsEntry("sandbox_reverse_action", "refund")
        .containsEntry("sandbox_refund_fee", "50");
    assertThat(repeated.toMap())
        .containsEntry("sandbox_reverse_action", "refund")
        .containsEntry("sandbox_refund_fee", "50");
    assertThat(md5.queryOrder(null, outTradeNo).getTradeState()).isEqualTo("REVOKED");
    JsonNode row = ledgerRow(outTradeNo);
    assertThat(row.get("refunded").asLong()).isEqualTo(50);
    assertThat(row.get("reversal").get("action").asString()).isEqualTo("refund");
  }

  @Test
  void reversingAnUnpaidOrderClosesItAndTheBuyerCanNoLongerPay() throws WxPayException {
    putChaos(Map.of("method", "wechat.reverse", "reverseWhileUserpaying", "REVERSE"));
    String outTradeNo = outTradeNo();
    errCode(hmac, micropay(outTradeNo, 50, TestPaymentCode.NEVER_CONFIRMS));

    WxPayOrderReverseResult reversed = hmac.reverseOrder(reverse(outTradeNo));

    assertThat(reversed.toMap()).containsEntry("sandbox_reverse_action", "close");
    assertThat(hmac.queryOrder(null, outTradeNo).getTradeState()).isEqualTo("REVOKED");
    var refused = postExpectingAnything("/sandbox/wallet/pay", Map.of("outTradeNo", outTradeNo));
    assertThat(refused.getStatusCode().value()).isEqualTo(409);
    assertThat(errCode(hmac, micropay(outTradeNo, 50, TestPaymentCode.NEVER_CONFIRMS)))
        .isEqualTo("ORDERREVERSED");
  }

  @Test
  void refusedPaymentCodesAnswerTheirErrCodeAndCreateNoOrder() throws WxPayException {
    Map<TestPaymentCode, String> expected =
        Map.of(
            TestPaymentCode.REFUSED, "TRADE_ERROR",
            TestPaymentCode.INSUFFICIENT_BALANCE, "NOTENOUGH",
            TestPaymentCode.CODE_EXPIRED, "AUTHCODEEXPIRE");
    for (var entry : expected.entrySet()) {
      String outTradeNo = outTradeNo();
      assertThat(errCode(md5, micropay(outTradeNo, 1, entry.getKey())))
          .as(entry.getKey().name())
          .isEqualTo(entry.getValue());
      assertThatThrownBy(() -> md5.queryOrder(null, outTradeNo))
          .isInstanceOfSatisfying(
              WxPayException.class, e -> assertThat(e.getErrCode()).isEqualTo("ORDERNOTEXIST"));
    }
    assertThat(errCode(md5, micropay(outTradeNo(), 1, "280000000000000001")))
        .isEqualTo("AUTH_CODE_INVALID");
  }

  @Test
  void systemAndBankErrorsLeaveTheOutcomeToAQuery() throws WxPayException {
    String charged = outTradeNo();
    String failed = outTradeNo();

    assertThat(errCode(md5, micropay(charged, 7, TestPaymentCode.SYSTEM_ERROR_BUT_PAID)))
        .isEqualTo("SYSTEMERROR");
    assertThat(errCode(md5, micropay(failed, 7, TestPaymentCode.BANK_ERROR)))
        .isEqualTo("BANKERROR");

    assertThat(md5.queryOrder(null, charged).getTradeState()).isEqualTo("SUCCESS");
    assertThat(md5.queryOrder(null, failed).getTradeState()).isEqualTo("PAYERROR");
  }

  @Test
  void aRepeatWithOtherDataIsInvalidRequestAndANativeNumberIsOutTradeNoUsed() {
    String outTradeNo = outTradeNo();
    errCode(md5, micropay(outTradeNo, 3, TestPaymentCode.NEVER_CONFIRMS));
    String nativeNo = outTradeNo();
    prepay(nativeNo, 3);

    assertThat(errCode(md5, micropay(outTradeNo, 4, TestPaymentCode.NEVER_CONFIRMS)))
        .isEqualTo("INVALID_REQUEST");
    assertThat(errCode(md5, micropay(nativeNo, 3, TestPaymentCode.PAYS_AT_ONCE)))
        .isEqualTo("OUT_TRADE_NO_USED");
  }

  @Test
  void aBadSignatureUnknownMerchantOrBadXmlIsReturnCodeFail() {
    String unsigned =
        "<xml><appid>"
            + APPID
            + "</appid><mch_id>"
            + MCHID
            + "</mch_id><nonce_str>abc</nonce_str><out_trade_no>X1</out_trade_no>"
            + "<sign>0123456789ABCDEF0123456789ABCDEF</sign></xml>";

    assertThat(postXml("/pay/orderquery", unsigned))
        .contains("<return_code><![CDATA[FAIL]]>")
        .contains("签名错误");
    assertThat(postXml("/pay/orderquery", unsigned.replace(MCHID, "1999999999")))
        .contains("FAIL")
        .contains("mch_id");
    assertThat(postXml("/pay/micropay", "not xml")).contains("XML格式错误");
  }

  @Test
  void theV2NotifyIsSentWhereTheMerchantAskedAndWxJavaVerifiesIt() throws WxPayException {
    registerMerchant(receiver.v2Url());
    String outTradeNo = outTradeNo();

    hmac.micropay(micropay(outTradeNo, 9, TestPaymentCode.PAYS_AT_ONCE));

    await().until(() -> outcomes(outTradeNo).contains("DELIVERED"));
    WechatNotifyReceiver.Received raw = receiver.containing(outTradeNo).get(0);
    assertThat(raw.path()).isEqualTo("/v2/notify");
    WxPayOrderNotifyResult notify = hmac.parseOrderNotifyResult(raw.body());
    assertThat(notify.getOutTradeNo()).isEqualTo(outTradeNo);
    assertThat(notify.getTotalFee()).isEqualTo(9);
    assertThat(notify.getResultCode()).isEqualTo("SUCCESS");
    assertThat(notify.getSignType()).isEqualTo("HMAC-SHA256");
    assertThat(notify.getTimeEnd()).matches("\\d{14}");
  }

  @Test
  void aV2NotifyNotAcknowledgedWithReturnCodeSuccessIsRetriedAndNativeOrdersGetBothKinds()
      throws WxPayException {
    registerMerchant(receiver.v2Url());
    receiver.replyNext(200);
    String outTradeNo = outTradeNo();
    md5.micropay(micropay(outTradeNo, 2, TestPaymentCode.PAYS_AT_ONCE));

    await().until(() -> outcomes(outTradeNo).contains("DELIVERED"));
    assertThat(outcomes(outTradeNo)).containsExactly("FAILED", "DELIVERED");
    assertThat(receiver.containing(outTradeNo)).hasSize(2);

    String nativeNo = paidOrder(3);
    await().until(() -> outcomes(nativeNo).size() == 2);
    assertThat(notifies(nativeNo).findValuesAsString("kind")).containsExactlyInAnyOrder("V2", "V3");
  }

  @Test
  void chaosActsOnApiV2TooASystemErrorTakesNoEffectAndATamperedXmlNotifyStillVerifies()
      throws WxPayException {
    putChaos(Map.of("method", "wechat.micropay", "gatewayErrorRate", 1.0));
    String refused = outTradeNo();
    assertThat(errCode(md5, micropay(refused, 1, TestPaymentCode.PAYS_AT_ONCE)))
        .isEqualTo("SYSTEMERROR");
    assertThatThrownBy(() -> md5.queryOrder(null, refused))
        .isInstanceOfSatisfying(
            WxPayException.class, e -> assertThat(e.getErrCode()).isEqualTo("ORDERNOTEXIST"));

    putChaos(Map.of("method", "wechat.micropay", "gatewayErrorRate", 0.0));
    putChaos(Map.of("tamperAmount", true));
    registerMerchant(receiver.v2Url());
    String tampered = outTradeNo();
    md5.micropay(micropay(tampered, 1, TestPaymentCode.PAYS_AT_ONCE));
    await().until(() -> !receiver.containing(tampered).isEmpty());
    WxPayOrderNotifyResult notify =
        md5.parseOrderNotifyResult(receiver.containing(tampered).get(0).body());
    assertThat(notify.getTotalFee()).isEqualTo(101);
  }

  private String postXml(String path, String xml) {
    return http.post()
        .uri("/sandbox/wechat" + path)
        .contentType(MediaType.TEXT_XML)
        .body(xml)
        .retrieve()
        .body(String.class);
  }

  private static WxPayOrderReverseRequest reverse(String outTradeNo) {
    return WxPayOrderReverseRequest.newBuilder().outTradeNo(outTradeNo).build();
  }
}
