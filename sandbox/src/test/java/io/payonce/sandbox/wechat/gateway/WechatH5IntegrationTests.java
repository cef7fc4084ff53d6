package io.payonce.sandbox.wechat.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.wechat.pay.java.core.exception.ServiceException;
import com.wechat.pay.java.service.payments.h5.H5Service;
import com.wechat.pay.java.service.payments.h5.model.Amount;
import com.wechat.pay.java.service.payments.h5.model.H5Info;
import com.wechat.pay.java.service.payments.h5.model.PrepayRequest;
import com.wechat.pay.java.service.payments.h5.model.SceneInfo;
import com.wechat.pay.java.service.payments.model.Transaction;
import io.payonce.sandbox.SandboxIntegrationTest;
import io.payonce.sandbox.wechat.WechatSandboxTestSupport;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * H5 through the official SDK's {@code H5Service} (prepay answering an h5_url), and WeChat's
 * checkout page the h5_url opens in the phone's browser: it pays once, notifies MWEB and goes back
 * to redirect_url; an h5_url older than 5 minutes no longer opens.
 */
@SandboxIntegrationTest
class WechatH5IntegrationTests extends WechatSandboxTestSupport {

  private static final String RETURN = "https://shop.example/return?order=1";

  private H5Service h5;
  private final HttpClient browser =
      HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();

  @BeforeEach
  void buildH5() {
    h5 = new H5Service.Builder().config(config).httpClient(httpClient(10_000)).build();
  }

  @Test
  void aRepeatAnswersANewH5UrlForTheSameOrderAndOtherParametersAreRefused() {
    String outTradeNo = outTradeNo();
    String first = h5.prepay(request(outTradeNo, 10, "203.0.113.9")).getH5Url();
    String again = h5.prepay(request(outTradeNo, 10, "203.0.113.9")).getH5Url();

    assertThat(first).contains("/sandbox/wechat/h5/pay?prepay_id=wx");
    assertThat(again).isNotEqualTo(first);
    assertThatThrownBy(() -> h5.prepay(request(outTradeNo, 11, "203.0.113.9")))
        .isInstanceOfSatisfying(
            ServiceException.class,
            e -> assertThat(e.getErrorCode()).isEqualTo("OUT_TRADE_NO_USED"));
    assertThat(query(outTradeNo).getTradeState()).isEqualTo(Transaction.TradeStateEnum.NOTPAY);
    assertThat(ledgerRow(outTradeNo).get("tradeType").asString()).isEqualTo("MWEB");
    assertThat(open(first).statusCode()).isGreaterThanOrEqualTo(400);
    assertThat(open(again).statusCode()).isEqualTo(200);
  }

  @Test
  void aPrepayWithoutThePayersIpIsAParamError() {
    String outTradeNo = outTradeNo();
    assertThatThrownBy(() -> h5.prepay(request(outTradeNo, 10, null)))
        .isInstanceOfSatisfying(
            ServiceException.class, e -> assertThat(e.getErrorCode()).isEqualTo("PARAM_ERROR"));
  }

  @Test
  void thePagePaysOnceNotifiesMwebAndGoesBackToTheRedirectUrl() throws Exception {
    String outTradeNo = outTradeNo();
    String url =
        h5.prepay(request(outTradeNo, 25, "203.0.113.9")).getH5Url()
            + "&redirect_url="
            + URLEncoder.encode(RETURN, StandardCharsets.UTF_8);

    HttpResponse<String> page = open(url);
    HttpResponse<String> paid = submit(url);

    assertThat(page.statusCode()).isEqualTo(200);
    assertThat(page.body()).contains("id=\"pay\"").contains(">25<");
    assertThat(paid.statusCode()).isEqualTo(302);
    assertThat(paid.headers().firstValue("Location")).contains(RETURN);
    Transaction transaction = query(outTradeNo);
    assertThat(transaction.getTradeState()).isEqualTo(Transaction.TradeStateEnum.SUCCESS);
    assertThat(transaction.getTradeType()).isEqualTo(Transaction.TradeTypeEnum.MWEB);
    await().until(() -> transactionNotifies(outTradeNo).size() == 1);
    assertThat(submit(url).statusCode()).isGreaterThanOrEqualTo(400);
    assertThat(transactionNotifies(outTradeNo)).hasSize(1);
  }

  @Test
  void anH5UrlOlderThanFiveMinutesNoLongerOpensAndARepeatAnswersOneThatPays() throws Exception {
    String outTradeNo = outTradeNo();
    String stale = h5.prepay(request(outTradeNo, 30, "203.0.113.9")).getH5Url();

    moveClock("PT5M1S");
    HttpResponse<String> refused = open(stale);
    String fresh = h5.prepay(request(outTradeNo, 30, "203.0.113.9")).getH5Url();

    assertThat(refused.statusCode()).isEqualTo(410);
    assertThat(refused.body()).contains("PREPAY_ID_EXPIRED");
    assertThat(submit(stale).statusCode()).isGreaterThanOrEqualTo(400);
    assertThat(submit(fresh).statusCode()).isEqualTo(200);
    assertThat(query(outTradeNo).getTradeState()).isEqualTo(Transaction.TradeStateEnum.SUCCESS);
  }

  private HttpResponse<String> open(String url) {
    try {
      return browser.send(
          HttpRequest.newBuilder(URI.create(url)).GET().build(),
          HttpResponse.BodyHandlers.ofString());
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /** The page's form, posted as the browser posts it. */
  private HttpResponse<String> submit(String url) throws Exception {
    URI uri = URI.create(url);
    return browser.send(
        HttpRequest.newBuilder(uri.resolve(uri.getPath()))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString(uri.getRawQuery()))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private PrepayRequest request(String outTradeNo, int fen, String clientIp) {
    PrepayRequest request = new PrepayRequest();
    request.setAppid(APPID);
    request.setMchid(MCHID);
    request.setDescription("H5 测试");
    request.setOutTradeNo(outTradeNo);
    request.setNotifyUrl(receiver.url());
    Amount amount = new Amount();
    amount.setTotal(fen);
    amount.setCurrency("CNY");
    request.setAmount(amount);
    SceneInfo scene = new SceneInfo();
    scene.setPayerClientIp(clientIp);
    H5Info info = new H5Info();
    info.setType("Wap");
    scene.setH5Info(info);
    request.setSceneInfo(scene);
    return request;
  }
}
