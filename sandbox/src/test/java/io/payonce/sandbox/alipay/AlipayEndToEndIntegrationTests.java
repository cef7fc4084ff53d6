package io.payonce.sandbox.alipay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.alipay.api.domain.AlipayTradeQueryModel;
import com.alipay.api.request.AlipayTradeQueryRequest;
import com.alipay.api.response.AlipayTradePrecreateResponse;
import com.alipay.api.response.AlipayTradeQueryResponse;
import io.payonce.sandbox.SandboxIntegrationTest;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

@SandboxIntegrationTest
class AlipayEndToEndIntegrationTests extends AlipaySandboxTestSupport {

  @Test
  void precreateThenWalletPaySendsAVerifiableNotifyAndQueryShowsTheTradePaid() {
    String outTradeNo = outTradeNo();
    AlipayTradePrecreateResponse precreated = precreate(outTradeNo, "88.88");
    assertThat(precreated.isSuccess()).isTrue();
    assertThat(precreated.getQrCode()).startsWith("https://qr.alipay.com/bax0");

    JsonNode paid = walletPay(precreated.getQrCode());
    assertThat(paid.get("outTradeNo").asString()).isEqualTo(outTradeNo);
    assertThat(paid.get("tradeStatus").asString()).isEqualTo("TRADE_SUCCESS");

    await().atMost(Duration.ofSeconds(5)).until(() -> !receiver.receivedFor(outTradeNo).isEmpty());
    Map<String, String> notify = receiver.receivedFor(outTradeNo).get(0);
    assertThat(verifiesWithSdk(notify)).isTrue();
    assertThat(notify)
        .containsEntry("trade_status", "TRADE_SUCCESS")
        .containsEntry("total_amount", "88.88")
        .containsEntry("receipt_amount", "88.88")
        .containsEntry("app_id", APP_ID)
        .containsEntry("seller_id", SELLER_ID)
        .containsEntry("notify_type", "trade_status_sync")
        .containsEntry("trade_no", paid.get("tradeNo").asString())
        .containsEntry("subject", "测试 a&b=c");

    AlipayTradeQueryResponse queried = query(outTradeNo);
    assertThat(queried.isSuccess()).isTrue();
    assertThat(queried.getTradeStatus()).isEqualTo("TRADE_SUCCESS");
    assertThat(queried.getTotalAmount()).isEqualTo("88.88");
    assertThat(queried.getReceiptAmount()).isEqualTo("88.88");
    assertThat(queried.getBuyerPayAmount()).isEqualTo("88.88");
    assertThat(queried.getTradeNo()).isEqualTo(paid.get("tradeNo").asString());
    assertThat(queried.getSendPayDate()).isNotNull();

    JsonNode row = ledgerRow(outTradeNo);
    assertThat(row.get("status").asString()).isEqualTo("TRADE_SUCCESS");
    assertThat(row.get("totalAmount").asString()).isEqualTo("88.88");
    assertThat(row.get("paidAt").isNull()).isFalse();
  }

  @Test
  void notifyIdStaysTheSameAcrossRetriesUntilTheMerchantAnswersSuccess() {
    String outTradeNo = outTradeNo();
    receiver.replyNext("fail", "SUCCESS", "success ");
    walletPay(precreate(outTradeNo, "10.00").getQrCode());

    await()
        .atMost(Duration.ofSeconds(10))
        .until(
            () ->
                get("/sandbox/alipay/notifies?outTradeNo=" + outTradeNo)
                    .findValuesAsString("outcome")
                    .contains("DELIVERED"));
    var deliveries = receiver.receivedFor(outTradeNo);
    assertThat(deliveries).hasSize(4);
    assertThat(deliveries)
        .extracting(n -> n.get("notify_id"))
        .containsOnly(deliveries.get(0).get("notify_id"));
    assertThat(deliveries).allMatch(this::verifiesWithSdk);
    JsonNode attempts = get("/sandbox/alipay/notifies?outTradeNo=" + outTradeNo);
    assertThat(attempts.findValuesAsString("outcome"))
        .containsExactly("FAILED", "FAILED", "FAILED", "DELIVERED");
    assertThat(attempts.findValuesAsString("reply"))
        .containsExactly("fail", "SUCCESS", "success ", "success");
  }

  @Test
  void givesUpAfterEightAttempts() {
    String outTradeNo = outTradeNo();
    receiver.replyNext("no", "no", "no", "no", "no", "no", "no", "no", "no", "no");
    walletPay(precreate(outTradeNo, "10.00").getQrCode());

    await()
        .atMost(Duration.ofSeconds(20))
        .until(() -> receiver.receivedFor(outTradeNo).size() == 8);
    await()
        .during(Duration.ofMillis(300))
        .atMost(Duration.ofSeconds(2))
        .until(() -> receiver.receivedFor(outTradeNo).size() == 8);
  }

  private AlipayTradeQueryResponse query(String outTradeNo) {
    AlipayTradeQueryModel model = new AlipayTradeQueryModel();
    model.setOutTradeNo(outTradeNo);
    AlipayTradeQueryRequest request = new AlipayTradeQueryRequest();
    request.setBizModel(model);
    return execute(request);
  }
}
