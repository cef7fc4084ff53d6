package io.payonce.sandbox.alipay.gateway;

import static io.payonce.sandbox.alipay.AlipayCalls.cancel;
import static io.payonce.sandbox.alipay.AlipayCalls.close;
import static io.payonce.sandbox.alipay.AlipayCalls.pay;
import static io.payonce.sandbox.alipay.AlipayCalls.query;
import static io.payonce.sandbox.alipay.AlipayCalls.refund;
import static io.payonce.sandbox.alipay.AlipayCalls.refundQuery;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.alipay.api.AlipayApiException;
import com.alipay.api.AlipayConfig;
import com.alipay.api.DefaultAlipayClient;
import com.alipay.api.domain.AlipayTradePrecreateModel;
import com.alipay.api.request.AlipayTradePrecreateRequest;
import com.alipay.api.response.AlipayTradeCancelResponse;
import com.alipay.api.response.AlipayTradePayResponse;
import com.alipay.api.response.AlipayTradePrecreateResponse;
import com.alipay.api.response.AlipayTradeQueryResponse;
import com.alipay.api.response.AlipayTradeRefundResponse;
import io.payonce.sandbox.EachClockStart;
import io.payonce.sandbox.SandboxIntegrationTest;
import io.payonce.sandbox.alipay.AlipaySandboxTestSupport;
import io.payonce.sandbox.alipay.AlipayTime;
import io.payonce.sandbox.keys.RsaKeys;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;

@SandboxIntegrationTest
@EachClockStart
class AlipayGatewayIntegrationTests extends AlipaySandboxTestSupport {

  @Test
  void precreateCreatesNoTradeSoQueryAndCloseAnswerTradeNotExistAndTheQrStaysPayable() {
    String outTradeNo = outTradeNo();
    String qr = precreate(outTradeNo, "1.00").getQrCode();

    AlipayTradeQueryResponse queried = execute(query(outTradeNo));
    assertThat(queried.getSubCode()).isEqualTo("ACQ.TRADE_NOT_EXIST");
    assertThat(queried.getOutTradeNo()).isEqualTo(outTradeNo);
    assertThat(queried.getReceiptAmount()).isEqualTo("0.00");
    assertThat(execute(close(outTradeNo)).getSubCode()).isEqualTo("ACQ.TRADE_NOT_EXIST");

    assertThat(walletPay(qr).get("tradeStatus").asString()).isEqualTo("TRADE_SUCCESS");
  }

  @Test
  void repeatedPrecreateFollowsTheReferenceTable() {
    String outTradeNo = outTradeNo();
    String qr = precreate(outTradeNo, "5.00").getQrCode();
    assertThat(precreate(outTradeNo, "5.00").getQrCode()).isEqualTo(qr);

    AlipayTradePrecreateResponse changed = precreate(outTradeNo, "6.00");
    assertThat(changed.isSuccess()).isTrue();
    assertThat(ledgerRow(outTradeNo).get("totalAmount").asString()).isEqualTo("6.00");

    postJson("/sandbox/alipay/wallet/scan", Map.of("qrCode", changed.getQrCode()));
    assertThat(precreate(outTradeNo, "7.00").getSubCode()).isEqualTo("ACQ.CONTEXT_INCONSISTENT");
    assertThat(precreate(outTradeNo, "6.00").isSuccess()).isTrue();

    walletPay(changed.getQrCode());
    assertThat(precreate(outTradeNo, "6.00").getSubCode()).isEqualTo("ACQ.TRADE_HAS_SUCCESS");

    String closed = outTradeNo();
    postJson(
        "/sandbox/alipay/wallet/scan", Map.of("qrCode", precreate(closed, "1.00").getQrCode()));
    assertThat(execute(close(closed)).isSuccess()).isTrue();
    assertThat(precreate(closed, "1.00").getSubCode()).isEqualTo("ACQ.TRADE_HAS_CLOSE");
  }

  @Test
  void precreateWithAnotherAmountBeforeTheScanCanBeRefusedByKnob() {
    String outTradeNo = outTradeNo();
    precreate(outTradeNo, "5.00");
    putChaos(Map.of("precreateDifferentAmountBeforeScan", "CONTEXT_INCONSISTENT"));

    assertThat(precreate(outTradeNo, "5.01").getSubCode()).isEqualTo("ACQ.CONTEXT_INCONSISTENT");
    assertThat(ledgerRow(outTradeNo).get("totalAmount").asString()).isEqualTo("5.00");
  }

  @Test
  void precreateRefusesBadAmountsWithInvalidParameter() {
    for (String amount : new String[] {"0", "1.001", "-1", "abc", "100000000.01"}) {
      AlipayTradePrecreateResponse response = precreate(outTradeNo(), amount);
      assertThat(response.getCode()).isEqualTo("40004");
      assertThat(response.getSubCode()).isEqualTo("ACQ.INVALID_PARAMETER");
    }
  }

  @Test
  void closingAScannedTradeClosesItAndNotifiesButAPaidOneCannotBeClosed() {
    String outTradeNo = outTradeNo();
    String qr = precreate(outTradeNo, "2.00").getQrCode();
    postJson("/sandbox/alipay/wallet/scan", Map.of("qrCode", qr));

    assertThat(execute(close(outTradeNo)).isSuccess()).isTrue();
    assertThat(execute(query(outTradeNo)).getTradeStatus()).isEqualTo("TRADE_CLOSED");
    await().until(() -> !receiver.receivedFor(outTradeNo).isEmpty());
    assertThat(receiver.receivedFor(outTradeNo).get(0))
        .containsEntry("trade_status", "TRADE_CLOSED");
    assertThat(
            postExpectingAnything("/sandbox/alipay/wallet/pay", Map.of("qrCode", qr))
                .getStatusCode())
        .isEqualTo(HttpStatus.CONFLICT);
    assertThat(execute(close(outTradeNo)).getSubCode()).isEqualTo("ACQ.TRADE_STATUS_ERROR");

    String paid = outTradeNo();
    walletPay(precreate(paid, "2.00").getQrCode());
    assertThat(execute(close(paid)).getSubCode()).isEqualTo("ACQ.TRADE_STATUS_ERROR");
  }

  @Test
  void timeExpireClosesAScannedUnpaidTradeWhenTheClockPassesIt() {
    String outTradeNo = outTradeNo();
    AlipayTradePrecreateModel model = new AlipayTradePrecreateModel();
    model.setOutTradeNo(outTradeNo);
    model.setTotalAmount("3.00");
    model.setSubject("expiring");
    model.setTimeExpire(AlipayTime.format(sandboxNow().plus(Duration.ofMinutes(10))));
    AlipayTradePrecreateRequest request = new AlipayTradePrecreateRequest();
    request.setBizModel(model);
    request.setNotifyUrl(receiver.url());
    String qr = execute(request).getQrCode();
    postJson("/sandbox/alipay/wallet/scan", Map.of("qrCode", qr));

    moveClock("PT11M");

    assertThat(execute(query(outTradeNo)).getTradeStatus()).isEqualTo("TRADE_CLOSED");
    await().until(() -> !receiver.receivedFor(outTradeNo).isEmpty());
    assertThat(receiver.receivedFor(outTradeNo).get(0))
        .containsEntry("trade_status", "TRADE_CLOSED");
  }

  @Test
  void theQrCodeDiesAfterTwoHours() {
    String qr = precreate(outTradeNo(), "3.00").getQrCode();
    moveClock("PT2H1M");

    var response = postExpectingAnything("/sandbox/alipay/wallet/pay", Map.of("qrCode", qr));
    assertThat(response.getStatusCode()).isEqualTo(HttpStatus.GONE);
    assertThat(response.getHeaders().getContentType().toString()).contains("problem+json");
  }

  @Test
  void cancelClosesUnpaidRefundsPaidAndVoidsAnUnscannedPreOrder() {
    String unpaid = outTradeNo();
    postJson(
        "/sandbox/alipay/wallet/scan", Map.of("qrCode", precreate(unpaid, "4.00").getQrCode()));
    AlipayTradeCancelResponse closed = execute(cancel(unpaid));
    assertThat(closed.getAction()).isEqualTo("close");
    assertThat(closed.getRetryFlag()).isEqualTo("N");

    String paid = outTradeNo();
    walletPay(precreate(paid, "4.00").getQrCode());
    assertThat(execute(cancel(paid)).getAction()).isEqualTo("refund");
    assertThat(ledgerRow(paid).get("status").asString()).isEqualTo("TRADE_CLOSED");
    assertThat(ledgerRow(paid).get("refundedAmount").asString()).isEqualTo("4.00");

    String unscanned = outTradeNo();
    String qr = precreate(unscanned, "4.00").getQrCode();
    AlipayTradeCancelResponse nothing = execute(cancel(unscanned));
    assertThat(nothing.isSuccess()).isTrue();
    assertThat(nothing.getAction()).isNull();
    assertThat(
            postExpectingAnything("/sandbox/alipay/wallet/pay", Map.of("qrCode", qr))
                .getStatusCode())
        .isEqualTo(HttpStatus.GONE);
  }

  @Test
  void aRepeatedCancelAnswersAsTheFirstDidWithoutMovingMoneyAgain() {
    String paid = outTradeNo();
    walletPay(precreate(paid, "5.00").getQrCode());
    String unpaid = outTradeNo();
    postJson(
        "/sandbox/alipay/wallet/scan", Map.of("qrCode", precreate(unpaid, "5.00").getQrCode()));
    assertThat(execute(cancel(paid)).getAction()).isEqualTo("refund");
    assertThat(execute(cancel(unpaid)).getAction()).isEqualTo("close");

    AlipayTradeCancelResponse refundedAgain = execute(cancel(paid));
    AlipayTradeCancelResponse closedAgain = execute(cancel(unpaid));

    assertThat(refundedAgain.getAction()).isEqualTo("refund");
    assertThat(refundedAgain.getGmtRefundPay()).isNotNull();
    assertThat(closedAgain.getAction()).isEqualTo("close");
    assertThat(ledgerRow(paid).get("refundedAmount").asString()).isEqualTo("5.00");
    assertThat(ledgerRow(paid).get("refunds")).hasSize(1);
  }

  @Test
  void cancelOfAPaidTradeAfterTheWindowIsRefused() {
    String paid = outTradeNo();
    walletPay(precreate(paid, "4.00").getQrCode());
    putChaos(Map.of("cancelWindowSeconds", 60));
    moveClock("PT2M");

    assertThat(execute(cancel(paid)).getSubCode()).isEqualTo("ACQ.TRADE_CANCEL_TIME_OUT");
    assertThat(ledgerRow(paid).get("status").asString()).isEqualTo("TRADE_SUCCESS");
  }

  @Test
  void barcodeTestAuthCodesDriveTheBuyer() {
    String atOnce = outTradeNo();
    AlipayTradePayResponse paid =
        execute(pay(atOnce, "9.99", "280000000000000001", receiver.url()));
    assertThat(paid.getCode()).isEqualTo("10000");
    assertThat(execute(query(atOnce)).getTradeStatus()).isEqualTo("TRADE_SUCCESS");

    String later = outTradeNo();
    AlipayTradePayResponse waiting = execute(pay(later, "9.99", "280000000000000002", null));
    assertThat(waiting.getCode()).isEqualTo("10003");
    assertThat(waiting.isSuccess()).isTrue();
    assertThat(execute(query(later)).getTradeStatus()).isEqualTo("WAIT_BUYER_PAY");
    moveClock("PT6S");
    assertThat(execute(query(later)).getTradeStatus()).isEqualTo("TRADE_SUCCESS");

    String never = outTradeNo();
    assertThat(execute(pay(never, "9.99", "280000000000000003", null)).getCode())
        .isEqualTo("10003");
    moveClock("PT1H");
    assertThat(execute(query(never)).getTradeStatus()).isEqualTo("WAIT_BUYER_PAY");
    postJson("/sandbox/alipay/wallet/pay", Map.of("outTradeNo", never));
    assertThat(execute(query(never)).getTradeStatus()).isEqualTo("TRADE_SUCCESS");

    String refused = outTradeNo();
    assertThat(execute(pay(refused, "9.99", "280000000000000004", null)).getSubCode())
        .isEqualTo("ACQ.PAYMENT_FAIL");
    assertThat(execute(query(refused)).getSubCode()).isEqualTo("ACQ.TRADE_NOT_EXIST");
    assertThat(execute(pay(outTradeNo(), "9.99", "280000000000000005", null)).getSubCode())
        .isEqualTo("ACQ.BUYER_BALANCE_NOT_ENOUGH");
    assertThat(execute(pay(outTradeNo(), "9.99", "12345", null)).getSubCode())
        .isEqualTo("ACQ.PAYMENT_AUTH_CODE_INVALID");
    assertThat(execute(pay(atOnce, "9.99", "280000000000000001", null)).getSubCode())
        .isEqualTo("ACQ.TRADE_HAS_SUCCESS");
  }

  @Test
  void refundsAreIdempotentOnOutRequestNoCappedAtThePaidAmountAndCloseTheTradeWhenFull() {
    String outTradeNo = outTradeNo();
    walletPay(precreate(outTradeNo, "10.00").getQrCode());

    AlipayTradeRefundResponse first = execute(refund(outTradeNo, "3.00", "R1"));
    assertThat(first.getFundChange()).isEqualTo("Y");
    assertThat(first.getRefundFee()).isEqualTo("3.00");
    AlipayTradeRefundResponse repeat = execute(refund(outTradeNo, "3.00", "R1"));
    assertThat(repeat.isSuccess()).isTrue();
    assertThat(repeat.getFundChange()).isEqualTo("N");
    assertThat(repeat.getRefundFee()).isEqualTo("3.00");
    assertThat(execute(refund(outTradeNo, "4.00", "R1")).getSubCode())
        .isEqualTo("ACQ.DISCORDANT_REPEAT_REQUEST");
    assertThat(execute(refund(outTradeNo, "7.01", "R2")).getSubCode())
        .isEqualTo("ACQ.REFUND_AMT_NOT_EQUAL_TOTAL");
    assertThat(execute(query(outTradeNo)).getTradeStatus()).isEqualTo("TRADE_SUCCESS");

    AlipayTradeRefundResponse rest = execute(refund(outTradeNo, "7.00", "R2"));
    assertThat(rest.getRefundFee()).isEqualTo("10.00");
    assertThat(execute(query(outTradeNo)).getTradeStatus()).isEqualTo("TRADE_CLOSED");
    assertThat(execute(refund(outTradeNo, "0.01", "R3")).getSubCode())
        .isEqualTo("ACQ.TRADE_HAS_CLOSE");
    assertThat(execute(refund(outTradeNo, "7.00", "R2")).getFundChange()).isEqualTo("N");
    assertThat(ledgerRow(outTradeNo).get("refunds").size()).isEqualTo(2);

    await().until(() -> receiver.receivedFor(outTradeNo).size() == 3);
    assertThat(receiver.receivedFor(outTradeNo))
        .anySatisfy(
            n ->
                assertThat(n)
                    .containsEntry("out_biz_no", "R2")
                    .containsEntry("refund_fee", "10.00")
                    .containsEntry("trade_status", "TRADE_CLOSED"));
  }

  @Test
  void refundOfAnUnpaidOrMissingTradeIsRefused() {
    String unpaid = outTradeNo();
    postJson(
        "/sandbox/alipay/wallet/scan", Map.of("qrCode", precreate(unpaid, "1.00").getQrCode()));
    assertThat(execute(refund(unpaid, "1.00", "R1")).getSubCode())
        .isEqualTo("ACQ.TRADE_STATUS_ERROR");
    assertThat(execute(refund(outTradeNo(), "1.00", "R1")).getSubCode())
        .isEqualTo("ACQ.TRADE_NOT_EXIST");
  }

  @Test
  void refundQueryReportsKnownRefundsAndNothingForUnknownOnes() {
    String outTradeNo = outTradeNo();
    walletPay(precreate(outTradeNo, "10.00").getQrCode());
    execute(refund(outTradeNo, "2.50", "R1"));

    var known = execute(refundQuery(outTradeNo, "R1"));
    assertThat(known.getRefundStatus()).isEqualTo("REFUND_SUCCESS");
    assertThat(known.getRefundAmount()).isEqualTo("2.50");
    assertThat(known.getTotalAmount()).isEqualTo("10.00");
    assertThat(known.getGmtRefundPay()).isNotNull();
    var unknown = execute(refundQuery(outTradeNo, "R9"));
    assertThat(unknown.isSuccess()).isTrue();
    assertThat(unknown.getRefundStatus()).isNull();
    assertThat(execute(refundQuery(outTradeNo(), "R1")).getSubCode())
        .isEqualTo("ACQ.TRADE_NOT_EXIST");
  }

  @Test
  void aRequestSignedWithAnotherKeyIsRejectedAndTheSignedErrorVerifies() throws AlipayApiException {
    AlipayConfig config = new AlipayConfig();
    config.setServerUrl("http://127.0.0.1:" + port + sandbox.gatewayPath());
    config.setAppId(APP_ID);
    config.setPrivateKey(RsaKeys.encode(RsaKeys.generate().getPrivate()));
    config.setAlipayPublicKey(platformKey());
    config.setSignType("RSA2");
    var forged = new DefaultAlipayClient(config).execute(query(outTradeNo()));

    assertThat(forged.getCode()).isEqualTo("40002");
    assertThat(forged.getSubCode()).isEqualTo("isv.invalid-signature");
  }

  @Test
  void anUnknownAppIsRejected() throws AlipayApiException {
    sandbox.registerApp("2021000000000099", RsaKeys.encode(MERCHANT_KEYS.getPublic()), null);
    AlipayConfig config = new AlipayConfig();
    config.setServerUrl("http://127.0.0.1:" + port + sandbox.gatewayPath());
    config.setAppId("2021000000000777");
    config.setPrivateKey(RsaKeys.encode(MERCHANT_KEYS.getPrivate()));
    config.setAlipayPublicKey(platformKey());
    config.setSignType("RSA2");

    assertThat(new DefaultAlipayClient(config).execute(query("X")).getSubCode())
        .isEqualTo("isv.invalid-app-id");
  }

  @Test
  void appsCanBeRegisteredAndThePlatformKeyReadOverHttp() {
    var registered =
        postJson(
            "/sandbox/alipay/apps",
            Map.of(
                "appId",
                "2021000000000042",
                "publicKey",
                RsaKeys.encode(MERCHANT_KEYS.getPublic())));
    assertThat(registered.get("sellerId").asString()).startsWith("2088");
    assertThat(get("/sandbox/alipay/platform-key").get("publicKey").asString())
        .isEqualTo(platformKey());
    var bad =
        postExpectingAnything(
            "/sandbox/alipay/apps", Map.of("appId", "x", "publicKey", "not a key"));
    assertThat(bad.getStatusCode()).isEqualTo(HttpStatus.BAD_REQUEST);
  }
}
