package io.payonce.sandbox.wechat.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.wechat.pay.java.core.exception.ServiceException;
import com.wechat.pay.java.service.payments.app.AppServiceExtension;
import com.wechat.pay.java.service.payments.app.model.Amount;
import com.wechat.pay.java.service.payments.app.model.PrepayRequest;
import com.wechat.pay.java.service.payments.app.model.PrepayWithRequestPaymentResponse;
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
 * APP through the official SDK's {@code AppServiceExtension} (prepay, then the app's PayReq signed
 * with the merchant key), and the WeChat app on the phone that checks and pays it.
 */
@SandboxIntegrationTest
class WechatAppIntegrationTests extends WechatSandboxTestSupport {

  private static final String OPENID = "oSandboxAppBuyer00000000001";

  private AppServiceExtension app;

  @BeforeEach
  void buildApp() {
    app = new AppServiceExtension.Builder().config(config).httpClient(httpClient(10_000)).build();
  }

  @Test
  void theSameParametersAnswerTheSamePrepayIdAndOthersAreRefused() {
    String outTradeNo = outTradeNo();
    PrepayWithRequestPaymentResponse first = app.prepayWithRequestPayment(request(outTradeNo, 10));
    PrepayWithRequestPaymentResponse again = app.prepayWithRequestPayment(request(outTradeNo, 10));

    assertThat(again.getPrepayId()).isEqualTo(first.getPrepayId()).startsWith("wx");
    assertThat(first.getPackageVal()).isEqualTo("Sign=WXPay");
    assertThatThrownBy(() -> app.prepayWithRequestPayment(request(outTradeNo, 11)))
        .isInstanceOfSatisfying(
            ServiceException.class,
            e -> assertThat(e.getErrorCode()).isEqualTo("OUT_TRADE_NO_USED"));
    assertThat(query(outTradeNo).getTradeState()).isEqualTo(Transaction.TradeStateEnum.NOTPAY);
    assertThat(ledgerRow(outTradeNo).get("tradeType").asString()).isEqualTo("APP");
  }

  @Test
  void theAppPaysSignedParametersOnceAndNotifies() {
    String outTradeNo = outTradeNo();
    Map<String, Object> params = payReq(app.prepayWithRequestPayment(request(outTradeNo, 25)));

    Map<String, Object> tampered = new LinkedHashMap<>(params);
    tampered.put("noncestr", "x" + params.get("noncestr"));
    ResponseEntity<JsonNode> badSign = pay(tampered);
    ResponseEntity<JsonNode> paid = pay(params);

    assertThat(badSign.getStatusCode().value()).isEqualTo(400);
    assertThat(badSign.getBody().get("type").asString()).endsWith("/app-signature-invalid");
    assertThat(paid.getStatusCode().value()).isEqualTo(200);
    assertThat(paid.getBody().get("errCode").asInt()).isZero();
    Transaction transaction = query(outTradeNo);
    assertThat(transaction.getTradeState()).isEqualTo(Transaction.TradeStateEnum.SUCCESS);
    assertThat(transaction.getTradeType()).isEqualTo(Transaction.TradeTypeEnum.APP);
    assertThat(transaction.getPayer().getOpenid()).isEqualTo(OPENID);
    await().until(() -> transactionNotifies(outTradeNo).size() == 1);
    assertThat(pay(params).getStatusCode().value()).isGreaterThanOrEqualTo(400);
    assertThat(transactionNotifies(outTradeNo)).hasSize(1);
  }

  private PrepayRequest request(String outTradeNo, int fen) {
    PrepayRequest request = new PrepayRequest();
    request.setAppid(APPID);
    request.setMchid(MCHID);
    request.setDescription("APP 测试");
    request.setOutTradeNo(outTradeNo);
    request.setNotifyUrl(receiver.url());
    Amount amount = new Amount();
    amount.setTotal(fen);
    amount.setCurrency("CNY");
    request.setAmount(amount);
    return request;
  }

  private static Map<String, Object> payReq(PrepayWithRequestPaymentResponse r) {
    Map<String, Object> params = new LinkedHashMap<>();
    params.put("appid", r.getAppid());
    params.put("partnerid", r.getPartnerId());
    params.put("prepayid", r.getPrepayId());
    params.put("package", r.getPackageVal());
    params.put("noncestr", r.getNonceStr());
    params.put("timestamp", r.getTimestamp());
    params.put("sign", r.getSign());
    return params;
  }

  private ResponseEntity<JsonNode> pay(Map<String, Object> params) {
    Map<String, Object> body = new LinkedHashMap<>(params);
    body.put("openid", OPENID);
    return postExpectingAnything("/sandbox/wechat/app/pay", body);
  }
}
