package io.payonce.sandbox.chaos;

import static io.payonce.sandbox.alipay.AlipayCalls.query;
import static io.payonce.sandbox.alipay.AlipayCalls.refund;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.alipay.api.AlipayApiException;
import io.payonce.sandbox.SandboxIntegrationTest;
import io.payonce.sandbox.alipay.AlipaySandboxTestSupport;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import tools.jackson.databind.JsonNode;

@SandboxIntegrationTest
class ChaosIntegrationTests extends AlipaySandboxTestSupport {

  @Test
  void notifyCopiesDeliversEachNotifyThatManyTimes() {
    putChaos(Map.of("notifyCopies", 10));
    String outTradeNo = paidTrade("1.00");

    await().until(() -> receiver.receivedFor(outTradeNo).size() == 10);
    assertThat(receiver.receivedFor(outTradeNo))
        .extracting(n -> n.get("notify_id"))
        .containsOnly(receiver.receivedFor(outTradeNo).get(0).get("notify_id"));
    await()
        .during(Duration.ofMillis(200))
        .until(() -> receiver.receivedFor(outTradeNo).size() == 10);
  }

  @Test
  void notifyDropNeverSendsButRecordsTheDrop() {
    putChaos(Map.of("notifyDrop", true));
    String outTradeNo = paidTrade("1.00");

    await().until(() -> notifies(outTradeNo).findValuesAsString("outcome").contains("DROPPED"));
    assertThat(receiver.receivedFor(outTradeNo)).isEmpty();
  }

  @Test
  void notifyDelayHoldsTheFirstDelivery() {
    putChaos(Map.of("notifyDelayMs", 1500));
    String outTradeNo = paidTrade("1.00");

    await()
        .during(Duration.ofMillis(700))
        .atMost(Duration.ofSeconds(1))
        .until(() -> receiver.receivedFor(outTradeNo).isEmpty());
    await().atMost(Duration.ofSeconds(5)).until(() -> receiver.receivedFor(outTradeNo).size() == 1);
  }

  @Test
  void notifyShuffleDeliversInReverseOrder() {
    putChaos(Map.of("notifyShuffle", true));
    String outTradeNo = paidTrade("10.00");
    execute(refund(outTradeNo, "1.00", "R1"));

    await().until(() -> receiver.receivedFor(outTradeNo).size() == 2);
    assertThat(receiver.receivedFor(outTradeNo).get(0)).containsEntry("out_biz_no", "R1");
    assertThat(receiver.receivedFor(outTradeNo).get(1)).doesNotContainKey("out_biz_no");
  }

  @Test
  void tamperAmountSendsAWrongAmountThatStillVerifies() {
    putChaos(Map.of("tamperAmount", true));
    String outTradeNo = paidTrade("5.00");

    await().until(() -> !receiver.receivedFor(outTradeNo).isEmpty());
    Map<String, String> notify = receiver.receivedFor(outTradeNo).get(0);
    assertThat(notify.get("total_amount")).isEqualTo("6.00");
    assertThat(verifiesWithSdk(notify)).isTrue();
  }

  @Test
  void badSignatureSendsANotifyThatDoesNotVerify() {
    putChaos(Map.of("badSignature", true));
    String outTradeNo = paidTrade("5.00");

    await().until(() -> !receiver.receivedFor(outTradeNo).isEmpty());
    assertThat(verifiesWithSdk(receiver.receivedFor(outTradeNo).get(0))).isFalse();
  }

  @Test
  void gatewayErrorRateAnswersUnknownOutcomesWithoutActing() {
    putChaos(Map.of("gatewayErrorRate", 1.0, "gatewayErrorCode", "20000"));
    String outTradeNo = outTradeNo();
    var response = precreate(outTradeNo, "1.00");
    assertThat(response.getCode()).isEqualTo("20000");
    assertThat(response.getSubCode()).isEqualTo("isp.unknow-error");

    putChaos(Map.of("gatewayErrorCode", "40004"));
    assertThat(precreate(outTradeNo, "1.00").getSubCode()).isEqualTo("ACQ.SYSTEM_ERROR");
    assertThat(get("/sandbox/alipay/trades?outTradeNo=" + outTradeNo)).isEmpty();
    assertThat(calls(outTradeNo).get(0).get("chaos").get(0).asString())
        .isEqualTo("gatewayErrorRate");
  }

  @Test
  void chaosScopedToAMethodLeavesOtherMethodsAlone() {
    putChaos(Map.of("method", "alipay.trade.query", "gatewayErrorRate", 1.0));
    String outTradeNo = paidTrade("1.00");

    assertThat(execute(query(outTradeNo)).isSuccess()).isFalse();
    assertThat(execute(refund(outTradeNo, "1.00", "R1")).isSuccess()).isTrue();
  }

  @Test
  void chaosScopedToAnOutTradeNoLeavesOtherOrdersAlone() {
    String hit = outTradeNo();
    putChaos(Map.of("outTradeNo", hit, "gatewayErrorRate", 1.0));

    assertThat(precreate(hit, "1.00").isSuccess()).isFalse();
    assertThat(precreate(outTradeNo(), "1.00").isSuccess()).isTrue();
  }

  @Test
  void commitThenTimeoutAppliesTheRefundButTheSdkTimesOut() throws AlipayApiException {
    String outTradeNo = paidTrade("8.00");
    putChaos(
        Map.of(
            "method",
            "alipay.trade.refund",
            "commitThenTimeout",
            true,
            "commitThenTimeoutStallMs",
            3000));

    assertThatThrownBy(() -> client(800).execute(refund(outTradeNo, "8.00", "R1")))
        .isInstanceOf(AlipayApiException.class);
    JsonNode row = ledgerRow(outTradeNo);
    assertThat(row.get("status").asString()).isEqualTo("TRADE_CLOSED");
    assertThat(row.get("refundedAmount").asString()).isEqualTo("8.00");
  }

  @Test
  void refundRefusalRateRefusesNewRefundsButStillAnswersOnesAlreadyMade() {
    String outTradeNo = paidTrade("8.00");
    assertThat(execute(refund(outTradeNo, "2.00", "R1")).isSuccess()).isTrue();
    putChaos(Map.of("method", "alipay.trade.refund", "refundRefusalRate", 1.0));

    var refused = execute(refund(outTradeNo, "3.00", "R2"));
    var repeated = execute(refund(outTradeNo, "2.00", "R1"));

    assertThat(refused.getCode()).isEqualTo("40004");
    assertThat(refused.getSubCode()).isEqualTo("ACQ.SELLER_BALANCE_NOT_ENOUGH");
    assertThat(repeated.isSuccess()).isTrue();
    assertThat(repeated.getFundChange()).isEqualTo("N");
    assertThat(ledgerRow(outTradeNo).get("refundedAmount").asString()).isEqualTo("2.00");
  }

  @Test
  void gatewayLatencyDelaysTheReplyPastAShortReadTimeout() throws AlipayApiException {
    putChaos(Map.of("method", "alipay.trade.query", "gatewayLatencyMs", 2000));
    assertThatThrownBy(() -> client(500).execute(query(outTradeNo())))
        .isInstanceOf(AlipayApiException.class);
  }

  @Test
  void gatewayBadSignatureMakesTheSdkRejectTheReply() {
    putChaos(Map.of("gatewayBadSignature", true));
    assertThatThrownBy(() -> client.execute(query(outTradeNo())))
        .isInstanceOf(AlipayApiException.class);
  }

  @Test
  void precreateCreatesTradeSkipsTheScan() {
    putChaos(Map.of("precreateCreatesTrade", true));
    String outTradeNo = outTradeNo();
    precreate(outTradeNo, "1.00");

    assertThat(execute(query(outTradeNo)).getTradeStatus()).isEqualTo("WAIT_BUYER_PAY");
  }

  @Test
  void chaosCanBeReadAndResetAndRefusesUnknownKnobs() {
    putChaos(Map.of("notifyCopies", 3, "method", "alipay.trade.pay"));
    JsonNode rules = get("/sandbox/chaos");
    assertThat(rules.get(0).get("method").asString()).isEqualTo("alipay.trade.pay");
    assertThat(rules.get(0).get("notifyCopies").asInt()).isEqualTo(3);

    http.delete().uri("/sandbox/chaos").retrieve().toBodilessEntity();
    assertThat(get("/sandbox/chaos")).isEmpty();

    var refused =
        http.put()
            .uri("/sandbox/chaos")
            .contentType(MediaType.APPLICATION_JSON)
            .body(Map.of("notifyCopiez", 3))
            .retrieve()
            .onStatus(status -> true, (request, response) -> {})
            .toEntity(JsonNode.class);
    assertThat(refused.getStatusCode()).isEqualTo(HttpStatus.BAD_REQUEST);
    assertThat(refused.getBody().get("detail").asString()).contains("notifyCopiez");
  }

  private String paidTrade(String amount) {
    String outTradeNo = outTradeNo();
    walletPay(precreate(outTradeNo, amount).getQrCode());
    return outTradeNo;
  }

  private JsonNode notifies(String outTradeNo) {
    return get("/sandbox/alipay/notifies?outTradeNo=" + outTradeNo);
  }

  private JsonNode calls(String outTradeNo) {
    return get("/sandbox/alipay/calls?outTradeNo=" + outTradeNo);
  }
}
