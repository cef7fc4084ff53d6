package io.payonce.sandbox.wechat.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.wechat.pay.java.core.exception.ServiceException;
import com.wechat.pay.java.service.payments.model.Transaction;
import com.wechat.pay.java.service.payments.nativepay.model.CloseOrderRequest;
import com.wechat.pay.java.service.payments.nativepay.model.PrepayRequest;
import com.wechat.pay.java.service.payments.nativepay.model.QueryOrderByIdRequest;
import com.wechat.pay.java.service.refund.model.AmountReq;
import com.wechat.pay.java.service.refund.model.CreateRequest;
import com.wechat.pay.java.service.refund.model.QueryByOutRefundNoRequest;
import com.wechat.pay.java.service.refund.model.Refund;
import com.wechat.pay.java.service.refund.model.RefundNotification;
import com.wechat.pay.java.service.refund.model.Status;
import io.payonce.sandbox.SandboxIntegrationTest;
import io.payonce.sandbox.wechat.WechatNotifyReceiver;
import io.payonce.sandbox.wechat.WechatSandboxTestSupport;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** APIv3 driven by the official wechatpay-java SDK, which verifies every response signature. */
@SandboxIntegrationTest
class WechatApiV3IntegrationTests extends WechatSandboxTestSupport {

  @Test
  void prepayAnswersACodeUrlAndTheOrderExistsAtOnceAsNotpay() {
    String outTradeNo = outTradeNo();
    String codeUrl = prepay(outTradeNo, 1);

    assertThat(codeUrl).matches("weixin://wxpay/bizpayurl\\?pr=[A-Za-z0-9]{9}");
    Transaction transaction = query(outTradeNo);
    assertThat(transaction.getTradeState()).isEqualTo(Transaction.TradeStateEnum.NOTPAY);
    assertThat(transaction.getTransactionId()).isNull();
    assertThat(transaction.getAmount().getTotal()).isEqualTo(1);
    assertThat(transaction.getMchid()).isEqualTo(MCHID);
    assertThat(ledgerRow(outTradeNo).get("tradeState").asString()).isEqualTo("NOTPAY");
  }

  @Test
  void aWalletPaymentMakesTheOrderSuccessAndNotifiesTransactionSuccessThatTheSdkDecrypts() {
    String outTradeNo = outTradeNo();
    JsonNode paid = walletPay(prepay(outTradeNo, 88));

    assertThat(paid.get("tradeStatus").asString()).isEqualTo("SUCCESS");
    assertThat(paid.get("channel").asString()).isEqualTo("wechat");
    assertThat(paid.get("totalAmount").asString()).isEqualTo("0.88");
    Transaction byOutTradeNo = query(outTradeNo);
    assertThat(byOutTradeNo.getTradeState()).isEqualTo(Transaction.TradeStateEnum.SUCCESS);
    assertThat(byOutTradeNo.getTransactionId()).hasSize(28).startsWith("4200");
    assertThat(byOutTradeNo.getPayer().getOpenid()).isNotBlank();
    assertThat(byOutTradeNo.getSuccessTime()).endsWith("+08:00");

    QueryOrderByIdRequest byId = new QueryOrderByIdRequest();
    byId.setMchid(MCHID);
    byId.setTransactionId(byOutTradeNo.getTransactionId());
    assertThat(nativePay.queryOrderById(byId).getOutTradeNo()).isEqualTo(outTradeNo);

    await().until(() -> transactionNotifies(outTradeNo).size() == 1);
    Transaction notified = transactionNotifies(outTradeNo).get(0);
    assertThat(notified.getTradeState()).isEqualTo(Transaction.TradeStateEnum.SUCCESS);
    assertThat(notified.getAmount().getTotal()).isEqualTo(88);
    assertThat(notified.getTransactionId()).isEqualTo(byOutTradeNo.getTransactionId());
    WechatNotifyReceiver.Received raw = receiver.received().get(0);
    assertThat(raw.body())
        .contains("\"event_type\":\"TRANSACTION.SUCCESS\"")
        .contains("\"algorithm\":\"AEAD_AES_256_GCM\"")
        .contains("\"associated_data\":\"transaction\"");
    assertThat(raw.header("Wechatpay-Serial")).isEqualTo(sandbox.publicKeyId());
  }

  @Test
  void closeAnswers204ThatTheSdkVerifiesAndTheOrderCanNoLongerBePaid() {
    String outTradeNo = outTradeNo();
    String codeUrl = prepay(outTradeNo, 5);

    nativePay.closeOrder(close(outTradeNo));

    assertThat(query(outTradeNo).getTradeState()).isEqualTo(Transaction.TradeStateEnum.CLOSED);
    var refused = postExpectingAnything("/sandbox/wallet/pay", Map.of("qrCode", codeUrl));
    assertThat(refused.getStatusCode().value()).isEqualTo(409);
    assertThat(refused.getBody().get("type").asString()).endsWith("/trade-closed");
    nativePay.closeOrder(close(outTradeNo));
  }

  @Test
  void closingAPaidOrderIsOrderpaidAndChangesNothing() {
    String outTradeNo = paidOrder(5);

    assertThatThrownBy(() -> nativePay.closeOrder(close(outTradeNo)))
        .isInstanceOfSatisfying(
            ServiceException.class,
            e -> {
              assertThat(e.getHttpStatusCode()).isEqualTo(403);
              assertThat(e.getErrorCode()).isEqualTo("ORDERPAID");
            });
    assertThat(query(outTradeNo).getTradeState()).isEqualTo(Transaction.TradeStateEnum.SUCCESS);
  }

  @Test
  void aRepeatedPrepayWithTheSameParametersAnswersTheSameCodeUrlAndOtherParametersAreRefused() {
    String outTradeNo = outTradeNo();
    String first = prepay(outTradeNo, 10);

    assertThat(prepay(outTradeNo, 10)).isEqualTo(first);
    assertThatThrownBy(() -> prepay(outTradeNo, 11))
        .isInstanceOfSatisfying(
            ServiceException.class,
            e -> {
              assertThat(e.getHttpStatusCode()).isEqualTo(403);
              assertThat(e.getErrorCode()).isEqualTo("OUT_TRADE_NO_USED");
            });
    walletPay(first);
    assertThatThrownBy(() -> prepay(outTradeNo, 10))
        .isInstanceOfSatisfying(
            ServiceException.class, e -> assertThat(e.getErrorCode()).isEqualTo("ORDERPAID"));
    assertThat(get("/sandbox/wechat/orders?outTradeNo=" + outTradeNo)).hasSize(1);
  }

  @Test
  void aPrepayOfAClosedOrderIsOrderClosed() {
    String outTradeNo = outTradeNo();
    prepay(outTradeNo, 10);
    nativePay.closeOrder(close(outTradeNo));

    assertThatThrownBy(() -> prepay(outTradeNo, 10))
        .isInstanceOfSatisfying(
            ServiceException.class,
            e -> {
              assertThat(e.getHttpStatusCode()).isEqualTo(400);
              assertThat(e.getErrorCode()).isEqualTo("ORDER_CLOSED");
            });
  }

  @Test
  void anUnknownOrderIs404OrderNotExist() {
    assertThatThrownBy(() -> query("NOPE_" + outTradeNo()))
        .isInstanceOfSatisfying(
            ServiceException.class,
            e -> {
              assertThat(e.getHttpStatusCode()).isEqualTo(404);
              assertThat(e.getErrorCode()).isEqualTo("ORDER_NOT_EXIST");
            });
  }

  @Test
  void aMalformedPrepayIs400ParamErrorNamingTheField() {
    PrepayRequest request = prepayRequest("bad no!", 1);

    assertThatThrownBy(() -> nativePay.prepay(request))
        .isInstanceOfSatisfying(
            ServiceException.class,
            e -> {
              assertThat(e.getHttpStatusCode()).isEqualTo(400);
              assertThat(e.getErrorCode()).isEqualTo("PARAM_ERROR");
              assertThat(e.getResponseBody()).contains("out_trade_no");
            });
    PrepayRequest otherApp = prepayRequest(outTradeNo(), 1);
    otherApp.setAppid("wx0000000000000000");
    assertThatThrownBy(() -> nativePay.prepay(otherApp))
        .isInstanceOfSatisfying(
            ServiceException.class,
            e -> assertThat(e.getErrorCode()).isEqualTo("APPID_MCHID_NOT_MATCH"));
  }

  @Test
  void aBuyerCannotPayAfterTimeExpireButTheOrderStaysNotpayUntilClosed() {
    String outTradeNo = outTradeNo();
    PrepayRequest request = prepayRequest(outTradeNo, 3);
    request.setTimeExpire(
        io.payonce.sandbox.wechat.WechatTime.rfc3339(sandboxNow().plusSeconds(600)));
    String codeUrl = nativePay.prepay(request).getCodeUrl();

    moveClock("PT11M");

    var refused = postExpectingAnything("/sandbox/wallet/pay", Map.of("qrCode", codeUrl));
    assertThat(refused.getStatusCode().value()).isEqualTo(410);
    assertThat(refused.getBody().get("type").asString()).endsWith("/order-expired");
    assertThat(query(outTradeNo).getTradeState()).isEqualTo(Transaction.TradeStateEnum.NOTPAY);
  }

  @Test
  void theCodeUrlDiesAfterTwoHoursAndARepeatedPrepayIssuesANewOne() {
    String outTradeNo = outTradeNo();
    String first = prepay(outTradeNo, 3);

    moveClock("PT2H1M");

    var refused = postExpectingAnything("/sandbox/wallet/pay", Map.of("qrCode", first));
    assertThat(refused.getStatusCode().value()).isEqualTo(410);
    String second = prepay(outTradeNo, 3);
    assertThat(second).isNotEqualTo(first);
    assertThat(walletPay(second).get("tradeStatus").asString()).isEqualTo("SUCCESS");
  }

  @Test
  void partialRefundsAccumulateRepeatsAreTheSameRefundAndOverRefundsAreRefused() {
    String outTradeNo = paidOrder(100);

    Refund first = refunds.create(refund(outTradeNo, "R1_" + outTradeNo, 30, 100));
    assertThat(first.getStatus()).isEqualTo(Status.PROCESSING);
    assertThat(first.getAmount().getRefund()).isEqualTo(30L);
    Refund repeated = refunds.create(refund(outTradeNo, "R1_" + outTradeNo, 30, 100));
    assertThat(repeated.getRefundId()).isEqualTo(first.getRefundId());
    assertThat(query(outTradeNo).getTradeState()).isEqualTo(Transaction.TradeStateEnum.REFUND);

    assertThatThrownBy(() -> refunds.create(refund(outTradeNo, "R1_" + outTradeNo, 31, 100)))
        .isInstanceOfSatisfying(
            ServiceException.class,
            e -> {
              assertThat(e.getHttpStatusCode()).isEqualTo(400);
              assertThat(e.getErrorCode()).isEqualTo("INVALID_REQUEST");
            });
    assertThatThrownBy(() -> refunds.create(refund(outTradeNo, "R2_" + outTradeNo, 71, 100)))
        .isInstanceOfSatisfying(
            ServiceException.class, e -> assertThat(e.getErrorCode()).isEqualTo("INVALID_REQUEST"));
    refunds.create(refund(outTradeNo, "R2_" + outTradeNo, 70, 100));

    await().until(() -> queryRefund("R2_" + outTradeNo).getStatus() == Status.SUCCESS);
    Refund settled = queryRefund("R1_" + outTradeNo);
    assertThat(settled.getStatus()).isEqualTo(Status.SUCCESS);
    assertThat(settled.getSuccessTime()).isNotBlank();
    assertThat(ledgerRow(outTradeNo).get("refundedSuccessfully").asLong()).isEqualTo(100);
    assertThatThrownBy(() -> refunds.create(refund(outTradeNo, "R3_" + outTradeNo, 1, 100)))
        .isInstanceOf(ServiceException.class);
  }

  @Test
  void aSettledRefundNotifiesRefundSuccessThatTheSdkDecrypts() {
    String outTradeNo = paidOrder(100);
    CreateRequest request = refund(outTradeNo, "RN_" + outTradeNo, 40, 100);
    request.setNotifyUrl(receiver.url());

    refunds.create(request);

    await()
        .until(
            () -> receiver.received().stream().anyMatch(r -> r.body().contains("REFUND.SUCCESS")));
    WechatNotifyReceiver.Received raw =
        receiver.received().stream()
            .filter(r -> r.body().contains("REFUND.SUCCESS"))
            .findFirst()
            .orElseThrow();
    RefundNotification notification = parse(raw, RefundNotification.class);
    assertThat(notification.getOutRefundNo()).isEqualTo("RN_" + outTradeNo);
    assertThat(notification.getRefundStatus()).isEqualTo(Status.SUCCESS);
    assertThat(notification.getAmount().getRefund()).isEqualTo(40L);
    assertThat(raw.body()).contains("\"associated_data\":\"refund\"");
  }

  @Test
  void refundsOfUnpaidOrUnknownOrdersAndQueriesOfUnknownRefundsAre404ResourceNotExists() {
    String unpaid = outTradeNo();
    prepay(unpaid, 10);

    for (String outTradeNo : List.of(unpaid, "NOPE_" + unpaid)) {
      assertThatThrownBy(() -> refunds.create(refund(outTradeNo, "R_" + outTradeNo, 1, 10)))
          .isInstanceOfSatisfying(
              ServiceException.class,
              e -> {
                assertThat(e.getHttpStatusCode()).isEqualTo(404);
                assertThat(e.getErrorCode()).isEqualTo("RESOURCE_NOT_EXISTS");
              });
    }
    assertThatThrownBy(() -> queryRefund("NOPE_" + unpaid))
        .isInstanceOfSatisfying(
            ServiceException.class,
            e -> assertThat(e.getErrorCode()).isEqualTo("RESOURCE_NOT_EXISTS"));
  }

  @Test
  void aNotifyIsRetriedOnFailureUnderTheSameIdAndGivenUpAfterSixteenAttempts() {
    receiver.replyNext(500, 500, 404);
    String retried = paidOrder(1);

    await().until(() -> outcomes(retried).contains("DELIVERED"));
    JsonNode attempts = notifies(retried);
    assertThat(attempts.findValuesAsString("outcome"))
        .containsExactly("FAILED", "FAILED", "FAILED", "DELIVERED");
    assertThat(attempts.findValuesAsString("notifyId"))
        .containsOnly(attempts.get(0).get("notifyId").asString());
    assertThat(attempts.findValues("attempt").stream().map(JsonNode::asInt))
        .containsExactly(1, 2, 3, 4);

    receiver.failEverything(true);
    String abandoned = paidOrder(1);
    await().until(() -> notifies(abandoned).size() == 16);
    await().during(java.time.Duration.ofMillis(300)).until(() -> notifies(abandoned).size() == 16);
  }

  private static CloseOrderRequest close(String outTradeNo) {
    CloseOrderRequest request = new CloseOrderRequest();
    request.setMchid(MCHID);
    request.setOutTradeNo(outTradeNo);
    return request;
  }

  private static CreateRequest refund(String outTradeNo, String outRefundNo, long fen, long total) {
    CreateRequest request = new CreateRequest();
    request.setOutTradeNo(outTradeNo);
    request.setOutRefundNo(outRefundNo);
    AmountReq amount = new AmountReq();
    amount.setRefund(fen);
    amount.setTotal(total);
    amount.setCurrency("CNY");
    request.setAmount(amount);
    return request;
  }

  private Refund queryRefund(String outRefundNo) {
    QueryByOutRefundNoRequest request = new QueryByOutRefundNoRequest();
    request.setOutRefundNo(outRefundNo);
    return refunds.queryByOutRefundNo(request);
  }

  @SuppressWarnings("unused")
  private static Instant unused() {
    return Instant.EPOCH;
  }
}
