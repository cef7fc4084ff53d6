package io.payonce.sandbox.wechat.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.wechat.pay.java.core.exception.ServiceException;
import com.wechat.pay.java.service.payments.jsapi.JsapiServiceExtension;
import com.wechat.pay.java.service.payments.jsapi.model.PrepayRequest;
import com.wechat.pay.java.service.payments.jsapi.model.PrepayWithRequestPaymentResponse;
import com.wechat.pay.java.service.payments.model.Transaction;
import io.payonce.sandbox.SandboxIntegrationTest;
import io.payonce.sandbox.wechat.WechatSandboxTestSupport;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;

/**
 * JSAPI through the official SDK's {@code JsapiServiceExtension} (prepay, then the bridge's
 * parameters signed with the merchant key), and the JS bridge that checks and pays them.
 */
@SandboxIntegrationTest
class WechatJsapiIntegrationTests extends WechatSandboxTestSupport {

  private static final String OPENID = "oSandboxJsapiBuyer0000000001";

  private JsapiServiceExtension jsapi;

  @BeforeEach
  void buildJsapi() {
    jsapi =
        new JsapiServiceExtension.Builder().config(config).httpClient(httpClient(10_000)).build();
  }

  @Test
  void aPrepayWithoutThePayersOpenidIsParamError() {
    PrepayRequest request = jsapiRequest(outTradeNo(), 10, null);

    assertThatThrownBy(() -> jsapi.prepayWithRequestPayment(request))
        .isInstanceOfSatisfying(
            ServiceException.class,
            e -> {
              assertThat(e.getHttpStatusCode()).isEqualTo(400);
              assertThat(e.getErrorCode()).isEqualTo("PARAM_ERROR");
            });
  }

  @Test
  void theSameParametersAnswerTheSamePrepayIdAndAnotherPayerIsRefused() {
    String outTradeNo = outTradeNo();
    PrepayWithRequestPaymentResponse first =
        jsapi.prepayWithRequestPayment(jsapiRequest(outTradeNo, 10, OPENID));
    PrepayWithRequestPaymentResponse again =
        jsapi.prepayWithRequestPayment(jsapiRequest(outTradeNo, 10, OPENID));

    assertThat(again.getPackageVal()).isEqualTo(first.getPackageVal()).startsWith("prepay_id=wx");
    assertThatThrownBy(() -> jsapi.prepayWithRequestPayment(jsapiRequest(outTradeNo, 10, "oOther")))
        .isInstanceOfSatisfying(
            ServiceException.class,
            e -> assertThat(e.getErrorCode()).isEqualTo("OUT_TRADE_NO_USED"));
    assertThat(query(outTradeNo).getTradeState()).isEqualTo(Transaction.TradeStateEnum.NOTPAY);
    assertThat(ledgerRow(outTradeNo).get("tradeType").asString()).isEqualTo("JSAPI");
  }

  @Test
  void theBridgePaysSignedParametersForTheirPayerOnlyAndNotifies() {
    String outTradeNo = outTradeNo();
    Map<String, Object> params =
        bridgeParams(jsapi.prepayWithRequestPayment(jsapiRequest(outTradeNo, 25, OPENID)));

    Map<String, Object> tampered = new LinkedHashMap<>(params);
    tampered.put("nonceStr", "x" + params.get("nonceStr"));
    ResponseEntity<JsonNode> badSign = pay(tampered, OPENID);
    ResponseEntity<JsonNode> otherBuyer = pay(params, "oSomeoneElse");
    ResponseEntity<JsonNode> paid = pay(params, OPENID);

    assertThat(badSign.getStatusCode().value()).isEqualTo(400);
    assertThat(badSign.getBody().get("type").asString()).endsWith("/bridge-signature-invalid");
    assertThat(otherBuyer.getStatusCode().value()).isEqualTo(403);
    assertThat(paid.getStatusCode().value()).isEqualTo(200);
    assertThat(paid.getBody().get("err_msg").asString()).isEqualTo("get_brand_wcpay_request:ok");
    Transaction transaction = query(outTradeNo);
    assertThat(transaction.getTradeState()).isEqualTo(Transaction.TradeStateEnum.SUCCESS);
    assertThat(transaction.getTradeType()).isEqualTo(Transaction.TradeTypeEnum.JSAPI);
    assertThat(transaction.getPayer().getOpenid()).isEqualTo(OPENID);
    await().until(() -> transactionNotifies(outTradeNo).size() == 1);
    assertThat(pay(params, OPENID).getStatusCode().value()).isGreaterThanOrEqualTo(400);
  }

  private ResponseEntity<JsonNode> pay(Map<String, Object> params, String openid) {
    Map<String, Object> body = new LinkedHashMap<>(params);
    body.put("openid", openid);
    return postExpectingAnything("/sandbox/wechat/bridge/pay", body);
  }
}
