package io.payonce.sandbox.wechat.chaos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.wechat.pay.java.core.exception.HttpException;
import com.wechat.pay.java.core.exception.ServiceException;
import com.wechat.pay.java.core.exception.ValidationException;
import com.wechat.pay.java.service.payments.model.Transaction;
import com.wechat.pay.java.service.payments.nativepay.NativePayService;
import com.wechat.pay.java.service.payments.nativepay.model.CloseOrderRequest;
import com.wechat.pay.java.service.payments.nativepay.model.PrepayRequest;
import com.wechat.pay.java.service.refund.RefundService;
import com.wechat.pay.java.service.refund.model.AmountReq;
import com.wechat.pay.java.service.refund.model.CreateRequest;
import com.wechat.pay.java.service.refund.model.RefundNotification;
import com.wechat.pay.java.service.refund.model.Status;
import io.payonce.sandbox.SandboxIntegrationTest;
import io.payonce.sandbox.wechat.WechatNotifyReceiver;
import io.payonce.sandbox.wechat.WechatSandboxTestSupport;
import io.payonce.sandbox.wechat.WechatTime;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every chaos knob on WeChat calls and notifies, seen through the SDK as a merchant sees it. */
@SandboxIntegrationTest
class WechatChaosIntegrationTests extends WechatSandboxTestSupport {

  @Test
  void gatewayErrorsAnswer500SystemErrorOr429WithoutActing() {
    putChaos(Map.of("method", "wechat.native.prepay", "gatewayErrorRate", 1.0));
    String outTradeNo = outTradeNo();

    assertThatThrownBy(() -> prepay(outTradeNo, 1))
        .isInstanceOfSatisfying(
            ServiceException.class,
            e -> {
              assertThat(e.getHttpStatusCode()).isEqualTo(500);
              assertThat(e.getErrorCode()).isEqualTo("SYSTEM_ERROR");
            });
    putChaos(Map.of("method", "wechat.native.prepay", "wechatErrorCode", "FREQUENCY_LIMITED"));
    assertThatThrownBy(() -> prepay(outTradeNo, 1))
        .isInstanceOfSatisfying(
            ServiceException.class, e -> assertThat(e.getHttpStatusCode()).isEqualTo(429));

    assertThat(get("/sandbox/wechat/orders?outTradeNo=" + outTradeNo)).isEmpty();
  }

  @Test
  void aBadResponseSignatureIsRejectedByTheSdk() {
    putChaos(Map.of("method", "wechat.query", "gatewayBadSignature", true));
    String outTradeNo = outTradeNo();
    prepay(outTradeNo, 1);

    assertThatThrownBy(() -> query(outTradeNo)).isInstanceOf(ValidationException.class);
  }

  @Test
  void commitThenTimeoutRefundsButTheClientTimesOutAndTheRetryAnswersTheSameRefund() {
    String outTradeNo = paidOrder(100);
    putChaos(
        Map.of(
            "method",
            "wechat.refund",
            "commitThenTimeout",
            true,
            "commitThenTimeoutStallMs",
            3000));
    RefundService impatient = new RefundService.Builder().httpClient(httpClient(1_000)).build();

    assertThatThrownBy(() -> impatient.create(refund(outTradeNo, "RT_" + outTradeNo, 10)))
        .isInstanceOf(HttpException.class);
    assertThat(ledgerRow(outTradeNo).get("refunds")).hasSize(1);

    putChaos(Map.of("method", "wechat.refund", "commitThenTimeout", false));
    assertThat(refunds.create(refund(outTradeNo, "RT_" + outTradeNo, 10)).getAmount().getRefund())
        .isEqualTo(10L);
    assertThat(ledgerRow(outTradeNo).get("refunds")).hasSize(1);
  }

  @Test
  void orderPaidStatusAndTheCloseAndPrepayUncertaintiesFollowTheirKnobs() {
    putChaos(
        Map.of(
            "orderPaidStatus", "400",
            "wechatCloseUnknown", "ORDER_NOT_EXIST",
            "wechatCloseClosed", "ORDER_CLOSED",
            "prepayDifferentParams", "INVALID_REQUEST"));
    String paid = paidOrder(2);
    assertThatThrownBy(() -> nativePay.closeOrder(close(paid)))
        .isInstanceOfSatisfying(
            ServiceException.class,
            e -> {
              assertThat(e.getHttpStatusCode()).isEqualTo(400);
              assertThat(e.getErrorCode()).isEqualTo("ORDERPAID");
            });
    assertThatThrownBy(() -> nativePay.closeOrder(close("NOPE_" + paid)))
        .isInstanceOfSatisfying(
            ServiceException.class, e -> assertThat(e.getHttpStatusCode()).isEqualTo(404));
    String closed = outTradeNo();
    prepay(closed, 2);
    nativePay.closeOrder(close(closed));
    assertThatThrownBy(() -> nativePay.closeOrder(close(closed)))
        .isInstanceOfSatisfying(
            ServiceException.class, e -> assertThat(e.getErrorCode()).isEqualTo("ORDER_CLOSED"));
    String open = outTradeNo();
    prepay(open, 2);
    assertThatThrownBy(() -> prepay(open, 3))
        .isInstanceOfSatisfying(
            ServiceException.class,
            e -> {
              assertThat(e.getHttpStatusCode()).isEqualTo(400);
              assertThat(e.getErrorCode()).isEqualTo("INVALID_REQUEST");
            });
  }

  @Test
  void notifyCopiesSendsEachAttemptThatManyTimesUnderOneId() {
    putChaos(Map.of("notifyCopies", 3));
    String outTradeNo = paidOrder(1);

    await().until(() -> transactionNotifies(outTradeNo).size() == 3);
    assertThat(notifies(outTradeNo).findValuesAsString("notifyId"))
        .hasSize(3)
        .containsOnly(notifies(outTradeNo).get(0).get("notifyId").asString());
  }

  @Test
  void notifyTwiceDeliversTheSameNotifyAgainASecondLaterOnAnotherConnection() {
    putChaos(Map.of("notifyTwice", true));
    String outTradeNo = paidOrder(1);

    await().atMost(Duration.ofSeconds(5)).until(() -> transactionNotifies(outTradeNo).size() == 2);
    List<WechatNotifyReceiver.Received> both = receiver.received();
    assertThat(both).hasSize(2);
    assertThat(Duration.between(both.get(0).at(), both.get(1).at()))
        .isGreaterThanOrEqualTo(Duration.ofMillis(900));
    assertThat(both.get(0).clientPort()).isNotEqualTo(both.get(1).clientPort());
    assertThat(both.get(0).body())
        .contains("\"id\":\"" + notifies(outTradeNo).get(0).get("notifyId").asString());
  }

  @Test
  void aSignatureProbeComesFirstAndTheSdkRejectsIt() {
    putChaos(Map.of("notifySignatureProbe", true));
    receiver.replyNext(401);
    String outTradeNo = paidOrder(1);

    await().until(() -> outcomes(outTradeNo).contains("DELIVERED"));
    assertThat(outcomes(outTradeNo)).containsExactly("PROBE_REJECTED", "DELIVERED");
    WechatNotifyReceiver.Received probe = receiver.received().get(0);
    assertThat(probe.header("Wechatpay-Signature")).startsWith("WECHATPAY/SIGNTEST/");
    // The SDK refuses it (its Base64 decoder already trips over the probe's prefix).
    assertThatThrownBy(() -> parse(probe, Transaction.class))
        .isInstanceOfAny(ValidationException.class, IllegalArgumentException.class);
    assertThat(parse(receiver.received().get(1), Transaction.class).getOutTradeNo())
        .isEqualTo(outTradeNo);
  }

  @Test
  void aTamperedAmountStillVerifiesAndABadSignatureDoesNot() {
    putChaos(Map.of("tamperAmount", true));
    String tampered = paidOrder(5);
    await().until(() -> transactionNotifies(tampered).size() == 1);
    assertThat(transactionNotifies(tampered).get(0).getAmount().getTotal()).isEqualTo(105);

    putChaos(Map.of("tamperAmount", false, "badSignature", true));
    receiver.clear();
    String forged = paidOrder(5);
    await().until(() -> !receiver.received().isEmpty());
    assertThatThrownBy(() -> parse(receiver.received().get(0), Transaction.class))
        .isInstanceOf(ValidationException.class);
    assertThat(forged).isNotBlank();
  }

  @Test
  void notifyDropNeverSendsAndDelayHoldsTheFirstDelivery() {
    putChaos(Map.of("outTradeNo", "DROPPED_ONE", "notifyDrop", true));
    String dropped = "DROPPED_ONE";
    walletPay(prepay(dropped, 1));
    await().until(() -> outcomes(dropped).contains("DROPPED"));
    assertThat(transactionNotifies(dropped)).isEmpty();

    putChaos(Map.of("notifyDelayMs", 1500));
    String delayed = paidOrder(1);
    await()
        .during(Duration.ofMillis(700))
        .atMost(Duration.ofSeconds(1))
        .until(() -> transactionNotifies(delayed).isEmpty());
    await().atMost(Duration.ofSeconds(5)).until(() -> transactionNotifies(delayed).size() == 1);
  }

  @Test
  void payableAfterTimeExpireLetsTheBuyerPayLate() {
    putChaos(Map.of("payableAfterTimeExpire", true));
    String outTradeNo = outTradeNo();
    PrepayRequest request = prepayRequest(outTradeNo, 3);
    request.setTimeExpire(WechatTime.rfc3339(sandboxNow().plusSeconds(120)));
    String codeUrl = nativePay.prepay(request).getCodeUrl();
    moveClock("PT5M");

    assertThat(walletPay(codeUrl).get("tradeStatus").asString()).isEqualTo("SUCCESS");
  }

  @Test
  void refundRefusalAndAbnormalOrClosedOutcomes() {
    String outTradeNo = paidOrder(100);
    putChaos(Map.of("refundRefusalRate", 1.0));
    assertThatThrownBy(() -> refunds.create(refund(outTradeNo, "RX_" + outTradeNo, 10)))
        .isInstanceOfSatisfying(
            ServiceException.class,
            e -> {
              assertThat(e.getHttpStatusCode()).isEqualTo(403);
              assertThat(e.getErrorCode()).isEqualTo("NOT_ENOUGH");
            });

    putChaos(Map.of("refundRefusalRate", 0.0, "refundOutcome", "ABNORMAL"));
    CreateRequest abnormal = refund(outTradeNo, "RA_" + outTradeNo, 10);
    abnormal.setNotifyUrl(receiver.url());
    refunds.create(abnormal);
    putChaos(Map.of("refundOutcome", "CLOSED"));
    CreateRequest closed = refund(outTradeNo, "RC_" + outTradeNo, 90);
    closed.setNotifyUrl(receiver.url());
    refunds.create(closed);

    await().until(() -> receiver.containing("REFUND.").size() == 2);
    assertThat(receiver.containing("REFUND.ABNORMAL")).hasSize(1);
    RefundNotification closedNotify =
        parse(receiver.containing("REFUND.CLOSED").get(0), RefundNotification.class);
    assertThat(closedNotify.getRefundStatus()).isEqualTo(Status.CLOSED);
    assertThat(ledgerRow(outTradeNo).get("refunded").asLong())
        .as("a closed refund gives its amount back")
        .isEqualTo(10);
  }

  @Test
  void latencyHoldsTheAnswerAndChaosScopedToOneOrderLeavesOthersAlone() {
    String slow = outTradeNo();
    String fast = outTradeNo();
    putChaos(Map.of("outTradeNo", slow, "gatewayLatencyMs", 1200));
    NativePayService client = nativePay;

    long started = System.nanoTime();
    client.prepay(prepayRequest(fast, 1));
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMillis(1000));
    started = System.nanoTime();
    client.prepay(prepayRequest(slow, 1));
    assertThat(Duration.ofNanos(System.nanoTime() - started))
        .isGreaterThanOrEqualTo(Duration.ofMillis(1200));
    assertThat(
            get("/sandbox/wechat/calls?outTradeNo=" + slow).get(0).get("chaos").get(0).asString())
        .isEqualTo("gatewayLatencyMs");
  }

  private static CloseOrderRequest close(String outTradeNo) {
    CloseOrderRequest request = new CloseOrderRequest();
    request.setMchid(MCHID);
    request.setOutTradeNo(outTradeNo);
    return request;
  }

  private static CreateRequest refund(String outTradeNo, String outRefundNo, long fen) {
    CreateRequest request = new CreateRequest();
    request.setOutTradeNo(outTradeNo);
    request.setOutRefundNo(outRefundNo);
    AmountReq amount = new AmountReq();
    amount.setRefund(fen);
    amount.setTotal(100L);
    amount.setCurrency("CNY");
    request.setAmount(amount);
    return request;
  }
}
