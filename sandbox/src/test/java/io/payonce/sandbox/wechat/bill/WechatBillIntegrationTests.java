package io.payonce.sandbox.wechat.bill;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.wechat.pay.java.core.exception.ServiceException;
import com.wechat.pay.java.service.billdownload.DigestBillEntity;
import com.wechat.pay.java.service.billdownload.model.BillType;
import com.wechat.pay.java.service.billdownload.model.GetTradeBillRequest;
import com.wechat.pay.java.service.billdownload.model.TarType;
import com.wechat.pay.java.service.refund.model.AmountReq;
import com.wechat.pay.java.service.refund.model.CreateRequest;
import io.payonce.sandbox.EachClockStart;
import io.payonce.sandbox.SandboxIntegrationTest;
import io.payonce.sandbox.wechat.WechatSandboxTestSupport;
import io.payonce.sandbox.wechat.WechatTime;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The trade bill, fetched and hash-checked by the SDK's BillDownloadServiceExtension. */
@SandboxIntegrationTest
@EachClockStart
class WechatBillIntegrationTests extends WechatSandboxTestSupport {

  @Test
  void yesterdaysBillListsPaymentsAndRefundsBacktickedAndTheSdkChecksItsSha1() throws IOException {
    String refunded = paidOrder(100);
    String plain = paidOrder(1);
    CreateRequest refund = new CreateRequest();
    refund.setOutTradeNo(refunded);
    refund.setOutRefundNo("RB_" + refunded);
    AmountReq amount = new AmountReq();
    amount.setRefund(30L);
    amount.setTotal(100L);
    amount.setCurrency("CNY");
    refund.setAmount(amount);
    refunds.create(refund);
    await().until(() -> ledgerRow(refunded).get("refundedSuccessfully").asLong() == 30);
    LocalDate day = WechatTime.date(sandboxNow());
    moveClock("PT24H");

    for (TarType tarType : new TarType[] {TarType.GZIP, null}) {
      DigestBillEntity bill = bills.getTradeBill(request(day, BillType.ALL, tarType));
      String csv = read(bill.getInputStream());
      assertThat(bill.verifyHash()).as("SHA-1 over the uncompressed file").isTrue();

      List<String> lines = csv.lines().toList();
      assertThat(lines.get(0)).startsWith("交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号");
      assertThat(lines).hasSize(6);
      assertThat(lines.subList(1, 4)).allMatch(line -> line.startsWith("`"));
      assertThat(lines.subList(1, 4))
          .anyMatch(line -> line.contains("`" + plain + ",") && line.contains("`SUCCESS,"))
          .anyMatch(
              line ->
                  line.contains("`" + refunded + ",")
                      && line.contains("`REFUND,")
                      && line.contains("`RB_" + refunded + ",")
                      && line.contains("`0.30,"));
      assertThat(lines.get(4)).startsWith("总交易单数,应结订单总金额,退款总金额");
      assertThat(lines.get(5)).startsWith("`3,`1.01,`0.30,`0.00,");
    }
    String successOnly =
        read(bills.getTradeBill(request(day, BillType.SUCCESS, null)).getInputStream());
    assertThat(successOnly).doesNotContain("`REFUND,");
  }

  @Test
  void todayIsNotBillableAndADayWithoutTradesHasNoStatementUnlessAskedForAnEmptyFile()
      throws IOException {
    LocalDate today = WechatTime.date(sandboxNow());
    assertThatThrownBy(() -> bills.getTradeBill(request(today, BillType.ALL, null)))
        .isInstanceOfSatisfying(
            ServiceException.class,
            e -> {
              assertThat(e.getHttpStatusCode()).isEqualTo(400);
              assertThat(e.getErrorCode()).isEqualTo("INVALID_REQUEST");
            });
    LocalDate quiet = today.minusDays(20);
    assertThatThrownBy(() -> bills.getTradeBill(request(quiet, BillType.ALL, null)))
        .isInstanceOfSatisfying(
            ServiceException.class,
            e -> assertThat(e.getErrorCode()).isEqualTo("NO_STATEMENT_EXIST"));

    putChaos(Map.of("billEmptyDay", "EMPTY_FILE", "billBom", true));
    DigestBillEntity empty = bills.getTradeBill(request(quiet, BillType.ALL, TarType.GZIP));
    String csv = read(empty.getInputStream());
    assertThat(empty.verifyHash()).isTrue();
    assertThat(csv).startsWith("\uFEFF交易时间");
    assertThat(csv.lines().toList()).hasSize(3).last().asString().startsWith("`0,`0.00,");

    putChaos(Map.of("billStatementCreating", true));
    assertThatThrownBy(() -> bills.getTradeBill(request(quiet, BillType.ALL, null)))
        .isInstanceOfSatisfying(
            ServiceException.class,
            e -> assertThat(e.getErrorCode()).isEqualTo("STATEMENT_CREATING"));
  }

  private static GetTradeBillRequest request(LocalDate day, BillType type, TarType tarType) {
    GetTradeBillRequest request = new GetTradeBillRequest();
    request.setBillDate(day.toString());
    request.setBillType(type);
    request.setTarType(tarType);
    return request;
  }

  private static String read(InputStream in) throws IOException {
    try (in) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
