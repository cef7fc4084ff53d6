package io.payonce.sandbox.wechat.bill;

import io.payonce.sandbox.wechat.WechatIds;
import io.payonce.sandbox.wechat.WechatTime;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Writes WeChat's trade bill: UTF-8 (optionally with a BOM), CRLF, a header line, one line per
 * payment or refund with every cell prefixed by a backtick, then the summary header and its one
 * backtick-prefixed line. Amounts in yuan; commas inside free text become full-width.
 */
final class TradeBillCsv {

  static final String HEADER =
      "交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,"
          + "应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,"
          + "手续费,费率,订单金额,申请退款金额,费率备注";
  static final String SUMMARY_HEADER = "总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额";

  private TradeBillCsv() {}

  static byte[] write(List<BillRow> rows, boolean bom) {
    StringBuilder csv = new StringBuilder();
    if (bom) {
      csv.append('\uFEFF');
    }
    csv.append(HEADER).append("\r\n");
    rows.forEach(row -> csv.append(line(row)).append("\r\n"));
    csv.append(SUMMARY_HEADER).append("\r\n");
    long settled = rows.stream().filter(r -> !r.refund()).mapToLong(BillRow::orderFen).sum();
    long refunded = rows.stream().filter(BillRow::refund).mapToLong(BillRow::refundFen).sum();
    BigDecimal fees = rows.stream().map(BillRow::fee).reduce(BigDecimal.ZERO, BigDecimal::add);
    csv.append(
            cells(
                Integer.toString(rows.size()),
                WechatIds.yuan(settled),
                WechatIds.yuan(refunded),
                "0.00",
                fees.setScale(5).toPlainString(),
                WechatIds.yuan(settled),
                WechatIds.yuan(refunded)))
        .append("\r\n");
    return csv.toString().getBytes(StandardCharsets.UTF_8);
  }

  private static String line(BillRow row) {
    return cells(
        WechatTime.bill(row.at()),
        row.appid(),
        row.mchid(),
        "0",
        "",
        row.transactionId(),
        row.outTradeNo(),
        row.openid(),
        row.tradeType(),
        row.refund() ? "REFUND" : "SUCCESS",
        "OTHERS",
        "CNY",
        WechatIds.yuan(row.refund() ? 0 : row.orderFen()),
        "0.00",
        row.refund() ? row.refundId() : "0",
        row.refund() ? row.outRefundNo() : "0",
        WechatIds.yuan(row.refund() ? row.refundFen() : 0),
        "0.00",
        row.refund() ? "ORIGINAL" : "",
        row.refund() ? row.refundStatus() : "",
        text(row.description()),
        text(row.attach()),
        row.fee().toPlainString(),
        "0.60%",
        WechatIds.yuan(row.refund() ? 0 : row.orderFen()),
        WechatIds.yuan(row.refund() ? row.refundFen() : 0),
        "");
  }

  private static String cells(String... values) {
    StringBuilder line = new StringBuilder();
    for (int i = 0; i < values.length; i++) {
      if (i > 0) {
        line.append(',');
      }
      line.append('`').append(values[i] == null ? "" : values[i]);
    }
    return line.toString();
  }

  private static String text(String value) {
    return value == null ? "" : value.replace(',', '，').replace("\r", " ").replace("\n", " ");
  }
}
