package io.payonce.sandbox.chaos;

import static io.payonce.sandbox.alipay.AlipayCalls.query;
import static io.payonce.sandbox.alipay.AlipayCalls.refund;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;
import static org.springframework.http.HttpStatus.BAD_REQUEST;

import com.alipay.api.AlipayApiException;
import io.payonce.sandbox.SandboxIntegrationTest;
import io.payonce.sandbox.alipay.AlipaySandboxTestSupport;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
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
  void notifyDropAtARateDropsSomeAndDeliversTheOthersAlikeForTheSameSeed() {
    long seed = 20_260_401L;
    List<Boolean> first = droppedAtHalfRate(seed, 30);
    List<Boolean> replayed = droppedAtHalfRate(seed, 30);

    assertThat(first).as("seed %d", seed).contains(true, false);
    assertThat(replayed).as("seed %d", seed).isEqualTo(first);
  }

  @Test
  void notifyDropAtOneDropsAndAtZeroDeliversLikeTrueAndFalse() {
    putChaos(Map.of("notifyDrop", 1));
    String dropped = paidTrade("1.00");
    await().until(() -> outcomes(dropped).contains("DROPPED"));

    putChaos(Map.of("notifyDrop", 0));
    String delivered = paidTrade("1.00");
    await().until(() -> outcomes(delivered).contains("DELIVERED"));

    assertThat(receiver.receivedFor(dropped)).isEmpty();
    assertThat(outcomes(delivered)).doesNotContain("DROPPED");
  }

  @Test
  void notifyDropRefusesARateOutsideZeroToOneOrNotANumberAndChangesNothing() {
    putChaos(Map.of("notifyDrop", 0.25));

    for (Object bad : List.of(1.5, -0.1, "abc", "0.5")) {
      var refused = putChaosExpectingAnything(Map.of("notifyDrop", bad, "seed", 7));
      assertThat(refused.getStatusCode()).as("notifyDrop=%s", bad).isEqualTo(BAD_REQUEST);
      assertThat(refused.getHeaders().getContentType().toString()).contains("problem+json");
      assertThat(refused.getBody().get("detail").asString())
          .contains("notifyDrop must be a number between 0 and 1");
    }
    var badSeed = putChaosExpectingAnything(Map.of("seed", "x"));
    assertThat(badSeed.getStatusCode()).isEqualTo(BAD_REQUEST);
    assertThat(badSeed.getBody().get("detail").asString()).contains("seed");
    assertThat(get("/sandbox/chaos").get(0).get("notifyDrop").asDouble()).isEqualTo(0.25);
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

    var refused = putChaosExpectingAnything(Map.of("notifyCopiez", 3));
    assertThat(refused.getStatusCode()).isEqualTo(BAD_REQUEST);
    assertThat(refused.getBody().get("detail").asString()).contains("notifyCopiez");
  }

  private String paidTrade(String amount) {
    String outTradeNo = outTradeNo();
    walletPay(precreate(outTradeNo, amount).getQrCode());
    return outTradeNo;
  }

  /** Whether each of {@code count} paid trades' notify was dropped, once every one is settled. */
  private List<Boolean> droppedAtHalfRate(long seed, int count) {
    putChaos(Map.of("seed", seed, "notifyDrop", 0.5));
    List<String> trades = IntStream.range(0, count).mapToObj(i -> paidTrade("1.00")).toList();
    await()
        .until(
            () ->
                trades.stream()
                    .map(this::outcomes)
                    .allMatch(o -> o.contains("DROPPED") || o.contains("DELIVERED")));
    return trades.stream().map(t -> outcomes(t).contains("DROPPED")).toList();
  }

  private List<String> outcomes(String outTradeNo) {
    return notifies(outTradeNo).findValuesAsString("outcome");
  }

  private ResponseEntity<JsonNode> putChaosExpectingAnything(Map<String, Object> body) {
    return http.put()
        .uri("/sandbox/chaos")
        .contentType(MediaType.APPLICATION_JSON)
        .body(body)
        .retrieve()
        .onStatus(status -> true, (request, response) -> {})
        .toEntity(JsonNode.class);
  }

  private JsonNode notifies(String outTradeNo) {
    return get("/sandbox/alipay/notifies?outTradeNo=" + outTradeNo);
  }

  private JsonNode calls(String outTradeNo) {
    return get("/sandbox/alipay/calls?outTradeNo=" + outTradeNo);
  }
}
