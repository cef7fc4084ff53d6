package io.payonce.server.wechat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.payonce.server.channel.BadBillLine;
import io.payonce.server.channel.BillFormatException;
import io.payonce.server.channel.BillLine;
import io.payonce.server.channel.BillSink;
import io.payonce.server.channel.BillTotals;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** WeChat Pay's trade bill as the reader takes it: every row, or nothing trusted. */
class WechatTradeBillReaderUnitTests {

  private static final String HEADER =
      "交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,"
          + "应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,"
          + "手续费,费率,订单金额,申请退款金额,费率备注";
  private static final String PAYMENT =
      "`2026-11-30 10:00:00,`wx1,`1900000001,`0,`,`4200000001,`OTN1,`o1,`NATIVE,`SUCCESS,`OTHERS,"
          + "`CNY,`12.34,`0.00,`0,`0,`0.00,`0.00,`,`,`tea,`,`0.07000,`0.60%,`12.34,`0.00,`";
  private static final String REFUND =
      "`2026-11-30 11:00:00,`wx1,`1900000001,`0,`,`4200000001,`OTN1,`o1,`NATIVE,`REFUND,`OTHERS,"
          + "`CNY,`0.00,`0.00,`5000001,`R1,`2.00,`0.00,`ORIGINAL,`SUCCESS,`tea,`,`0.00000,`0.60%,"
          + "`0.00,`2.00,`";
  private static final String SUMMARY_HEADER = "总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额";

  private final List<BillLine> lines = new ArrayList<>();
  private final List<BadBillLine> bad = new ArrayList<>();
  private final BillSink sink =
      new BillSink() {
        @Override
        public void line(BillLine line) {
          lines.add(line);
        }

        @Override
        public void bad(BadBillLine line) {
          bad.add(line);
        }
      };

  @Test
  void readsPaymentsAndRefundsInFenWithTheBom() throws Exception {
    BillTotals totals =
        read(
            "\uFEFF" + HEADER,
            PAYMENT,
            REFUND,
            SUMMARY_HEADER,
            "`2,`12.34,`2.00,`0.00,`0.07000,`12.34,`2.00");

    assertThat(totals).isEqualTo(new BillTotals(1, 1234, 1, -200));
    assertThat(lines)
        .extracting(BillLine::kind)
        .containsExactly(BillLine.Kind.PAYMENT, BillLine.Kind.REFUND);
    assertThat(lines.get(0).outTradeNo()).isEqualTo("OTN1");
    assertThat(lines.get(0).tradeNo()).isEqualTo("4200000001");
    assertThat(lines.get(1).amountMinor()).isEqualTo(-200);
    assertThat(lines.get(1).outRequestNo()).isEqualTo("R1");
    assertThat(bad).isEmpty();
  }

  @Test
  void aBillCutBeforeItsSummaryIsNotTrusted() {
    assertThatThrownBy(() -> read(HEADER, PAYMENT)).isInstanceOf(BillFormatException.class);
  }

  @Test
  void rowsThatDoNotAddUpToTheSummaryAreNotTrusted() {
    assertThatThrownBy(
            () ->
                read(
                    HEADER, PAYMENT, SUMMARY_HEADER, "`1,`99.99,`0.00,`0.00,`0.07000,`99.99,`0.00"))
        .isInstanceOf(BillFormatException.class);
  }

  @Test
  void aBillWithoutAColumnWeNeedIsNotTrusted() {
    assertThatThrownBy(() -> read(HEADER.replace("商户订单号", "x"), PAYMENT))
        .isInstanceOf(BillFormatException.class);
  }

  @Test
  void anUnreadableRowKeepsItsPlaceAndItsNumber() throws Exception {
    read(
        HEADER,
        PAYMENT.replace("`12.34,`0.00,`0", "`12.3x,`0.00,`0"),
        SUMMARY_HEADER,
        "`1,`0.00,`0.00,`0.00,`0.00000,`0.00,`0.00");

    assertThat(bad).singleElement().satisfies(b -> assertThat(b.outTradeNo()).isEqualTo("OTN1"));
  }

  private BillTotals read(String... rows) throws BillFormatException {
    String bill = String.join("\r\n", rows) + "\r\n";
    return WechatTradeBillReader.read(
        new ByteArrayInputStream(bill.getBytes(StandardCharsets.UTF_8)), sink);
  }
}
