package io.payonce.sandbox.alipay.bill;

import io.payonce.sandbox.alipay.AlipayIds;
import io.payonce.sandbox.alipay.AlipayTime;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.Charset;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Writes Alipay's trade bill: a zip whose entry names and CSV contents are GBK (UTF-8 flag unset),
 * {@code #} header and footer lines, CRLF, tab-padded cells, as public parsers expect.
 */
final class BillZip {

  static final Charset GBK = Charset.forName("GBK");
  private static final String DETAIL_HEADER =
      "支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,"
          + "订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,"
          + "券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注";
  private static final String SUMMARY_HEADER =
      "门店编号,门店名称,交易订单总笔数,退款订单总笔数,订单金额（元）,商家实收（元）,支付宝优惠（元）,商家优惠（元）,"
          + "卡消费金额（元）,服务费（元）,分润（元）,实收净额（元）";
  private static final DateTimeFormatter CHINESE =
      DateTimeFormatter.ofPattern("yyyy年MM月dd日 HH:mm:ss");
  private static final String LINE = "----------------------------------------";

  private BillZip() {}

  static String fileName(String account, BillPeriod period) {
    return account + "_" + period.compact() + ".csv.zip";
  }

  static byte[] write(String account, BillPeriod period, List<BillRow> rows, Instant exportedAt) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ZipOutputStream zip = new ZipOutputStream(bytes, GBK)) {
      String prefix = account + "_" + period.compact();
      entry(zip, prefix + "_业务明细.csv", detail(account, period, rows, exportedAt));
      entry(zip, prefix + "_业务明细(汇总).csv", summary(account, period, rows, exportedAt));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  private static void entry(ZipOutputStream zip, String name, String content) throws IOException {
    zip.putNextEntry(new ZipEntry(name));
    zip.write(content.getBytes(GBK));
    zip.closeEntry();
  }

  private static String detail(
      String account, BillPeriod period, List<BillRow> rows, Instant exportedAt) {
    StringBuilder csv = header("#支付宝业务明细查询", account, period, "业务明细列表");
    csv.append(DETAIL_HEADER).append("\r\n");
    rows.forEach(row -> csv.append(detailLine(row)).append("\r\n"));
    csv.append("#").append(LINE).append("业务明细列表结束").append(LINE).append("\r\n");
    List<BillRow> payments = rows.stream().filter(r -> !r.refund()).toList();
    List<BillRow> refunds = rows.stream().filter(BillRow::refund).toList();
    csv.append("#交易合计：")
        .append(payments.size())
        .append("笔，商家实收共")
        .append(AlipayIds.money(sum(payments)))
        .append("元，商家优惠共0.00元\r\n");
    csv.append("#退款合计：")
        .append(refunds.size())
        .append("笔，商家实收退款共")
        .append(AlipayIds.money(sum(refunds)))
        .append("元，商家优惠退款共0.00元\r\n");
    csv.append("#导出时间：[").append(chinese(exportedAt)).append("]\r\n");
    return csv.toString();
  }

  private static String detailLine(BillRow row) {
    String amount = AlipayIds.money(row.amount());
    return String.join(
        ",",
        row.tradeNo() + "\t",
        row.outTradeNo() + "\t",
        (row.refund() ? "退款" : "交易") + "\t",
        row.subject().replace(',', '，'),
        AlipayTime.format(row.createdAt()),
        AlipayTime.format(row.finishedAt()),
        nullToEmpty(row.storeId()) + "\t",
        "\t",
        "\t",
        "\t",
        row.buyer() + "\t",
        amount,
        amount,
        "0.00",
        "0.00",
        "0.00",
        "0.00",
        "0.00",
        "\t",
        "0.00\t",
        "0.00",
        nullToEmpty(row.outRequestNo()) + "\t",
        AlipayIds.money(row.serviceFee()),
        "0.00",
        "");
  }

  private static String summary(
      String account, BillPeriod period, List<BillRow> rows, Instant exportedAt) {
    StringBuilder csv = header("#支付宝业务汇总查询", account, period, "业务汇总列表");
    csv.append(SUMMARY_HEADER).append("\r\n");
    long payments = rows.stream().filter(r -> !r.refund()).count();
    long refunds = rows.size() - payments;
    BigDecimal total = sum(rows);
    BigDecimal fees =
        rows.stream().map(BillRow::serviceFee).reduce(BigDecimal.ZERO, BigDecimal::add);
    String totals =
        String.join(
            ",",
            Long.toString(payments),
            Long.toString(refunds),
            AlipayIds.money(total),
            AlipayIds.money(total),
            "0.00",
            "0.00",
            "0.00",
            AlipayIds.money(fees),
            "0.00",
            AlipayIds.money(total.add(fees)));
    csv.append(",,").append(totals).append("\r\n");
    csv.append("合计,,").append(totals).append("\r\n");
    csv.append("#").append(LINE).append("业务汇总列表结束").append(LINE).append("\r\n");
    csv.append("#导出时间：[").append(chinese(exportedAt)).append("]\r\n");
    return csv.toString();
  }

  private static StringBuilder header(
      String title, String account, BillPeriod period, String listName) {
    StringBuilder csv = new StringBuilder();
    csv.append(title).append("\r\n");
    csv.append("#账号：[").append(account).append("]\r\n");
    csv.append("#起始日期：[")
        .append(chinese(period.from()))
        .append("]   终止日期：[")
        .append(chinese(period.until()))
        .append("]\r\n");
    csv.append("#").append(LINE).append(listName).append(LINE).append("\r\n");
    return csv;
  }

  private static BigDecimal sum(List<BillRow> rows) {
    return rows.stream().map(BillRow::amount).reduce(BigDecimal.ZERO, BigDecimal::add);
  }

  private static String chinese(LocalDate date) {
    return CHINESE.format(date.atStartOfDay());
  }

  private static String chinese(Instant instant) {
    return CHINESE.format(instant.atZone(AlipayTime.ZONE));
  }

  private static String nullToEmpty(String value) {
    return value == null ? "" : value;
  }
}
