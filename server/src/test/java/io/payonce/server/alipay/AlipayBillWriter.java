package io.payonce.server.alipay;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.charset.Charset;
import java.time.LocalDate;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Writes an Alipay-style trade bill zip row by row (for tests and the benchmark), in the format of
 * reference §2.2, streaming so a million rows cost no memory. Knobs make it malformed on purpose:
 * another charset, a header without a column, extra lines.
 */
public final class AlipayBillWriter implements AutoCloseable {

  /** The text of Alipay's trade bills. */
  public static final Charset GBK = AlipayTradeBillReader.GBK;

  /** The detail list's column header, full-width （元） as Alipay writes it. */
  public static final String HEADER =
      "支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,"
          + "订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,"
          + "券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注";

  /** How the detail file is written: its charset and column header. */
  public record Options(Charset charset, String header) {}

  private final ZipOutputStream zip;
  private final Writer text;
  private long payments;
  private long paymentSum;
  private long refunds;
  private long refundSum;

  public AlipayBillWriter(OutputStream out, LocalDate day, Charset charset, String header) {
    try {
      zip = new ZipOutputStream(out, GBK);
      String prefix = "20887210029193170156_" + day.toString().replace("-", "");
      zip.putNextEntry(new ZipEntry(prefix + "_业务明细.csv"));
      text = new OutputStreamWriter(zip, charset);
      line("#支付宝业务明细查询");
      line("#账号：[20887210029193170156]");
      line("#起始日期：[" + day + " 00:00:00]   终止日期：[" + day.plusDays(1) + " 00:00:00]");
      line(
          "#-----------------------------------------业务明细列表----------------------------------------");
      line(header);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static AlipayBillWriter gbk(OutputStream out, LocalDate day) {
    return new AlipayBillWriter(out, day, GBK, HEADER);
  }

  public void payment(String tradeNo, String outTradeNo, long amountMinor) {
    payments++;
    paymentSum += amountMinor;
    row(tradeNo, outTradeNo, "交易", amountMinor, "");
  }

  public void refund(String tradeNo, String outTradeNo, long amountMinor, String outRequestNo) {
    refunds++;
    refundSum -= amountMinor;
    row(tradeNo, outTradeNo, "退款", -amountMinor, outRequestNo);
  }

  /** A line the footer counts as a payment row but that is not one. */
  public void garbage(String line) {
    payments++;
    line(line);
  }

  /** A payment row whose amount cell is not money. */
  public void unreadableAmount(String tradeNo, String outTradeNo) {
    payments++;
    line(
        tradeNo
            + "\t,"
            + outTradeNo
            + "\t,交易\t,测试,2026-11-28 10:00:00,2026-11-28 10:00:04,"
            + "\t,\t,\t,\t,x\t,not-money,1.00,0.00,0.00,0.00,0.00,0.00,\t,0.00\t,0.00,\t,0.00,0.00,");
  }

  private void row(String tradeNo, String outTradeNo, String type, long amount, String request) {
    String yuan = BigDecimal.valueOf(amount, 2).toPlainString();
    line(
        tradeNo
            + "\t,"
            + outTradeNo
            + "\t,"
            + type
            + "\t,测试,2026-11-28 10:00:00,2026-11-28 10:00:04,"
            + "\t,\t,\t,\t,**佳(yan***@163.com)\t,"
            + yuan
            + ","
            + yuan
            + ",0.00,0.00,0.00,0.00,0.00,\t,0.00\t,0.00,"
            + request
            + "\t,0.00,0.00,");
  }

  private void line(String line) {
    try {
      text.write(line);
      text.write("\r\n");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    line("#-----------------------------------------业务明细列表结束------------------------------------");
    line(
        "#交易合计："
            + payments
            + "笔，商家实收共"
            + BigDecimal.valueOf(paymentSum, 2).toPlainString()
            + "元，商家优惠共0.00元");
    line(
        "#退款合计："
            + refunds
            + "笔，商家实收退款共"
            + BigDecimal.valueOf(refundSum, 2).toPlainString()
            + "元，商家优惠退款共0.00元");
    line("#导出时间：[2026年11月29日 09:12:34]");
    try {
      text.flush();
      zip.closeEntry();
      zip.finish();
      zip.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
