package io.payonce.server.alipay;

import io.payonce.server.channel.BadBillLine;
import io.payonce.server.channel.BillFormatException;
import io.payonce.server.channel.BillLine;
import io.payonce.server.channel.BillSink;
import io.payonce.server.channel.BillTotals;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipInputStream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.apache.commons.csv.DuplicateHeaderMode;

/**
 * Streams the detail file of an Alipay trade bill zip (reference §2.2): GBK entry names and text,
 * {@code #} header and footer lines, the column header after the list marker. Rows are handed to a
 * {@link BillSink} one at a time, so a bill of any size is read in constant memory; the footer's
 * totals are checked once the last row is read.
 */
final class AlipayTradeBillReader {

  static final Charset GBK = Charset.forName("GBK");
  private static final ZoneId CHINA = ZoneId.of("Asia/Shanghai");
  private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
  private static final String DETAIL_SUFFIX = "_业务明细.csv";
  private static final String END_MARKER = "业务明细列表结束";
  private static final Pattern PAYMENT_TOTAL =
      Pattern.compile("交易合计：\\s*(\\d+)\\s*笔，\\s*商家实收共\\s*(-?[\\d.]+)\\s*元");
  private static final Pattern REFUND_TOTAL =
      Pattern.compile("退款合计：\\s*(\\d+)\\s*笔，\\s*商家实收退款共\\s*(-?[\\d.]+)\\s*元");
  private static final CSVFormat FORMAT =
      CSVFormat.DEFAULT
          .builder()
          .setCommentMarker('#')
          .setQuote(null)
          .setHeader()
          .setSkipHeaderRecord(true)
          .setIgnoreEmptyLines(true)
          .setAllowMissingColumnNames(true)
          .setDuplicateHeaderMode(DuplicateHeaderMode.ALLOW_ALL)
          .get();

  private AlipayTradeBillReader() {}

  /**
   * Reads the bill, handing every detail row to {@code sink}, and checks it against its footer.
   *
   * @throws BillFormatException if the zip or the detail file is truncated, not GBK, lacks columns,
   *     or its rows disagree with its footer
   */
  static BillTotals read(InputStream zipBytes, BillSink sink) throws BillFormatException {
    try (ZipInputStream zip = new ZipInputStream(zipBytes, GBK)) {
      for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
        if (entry.getName().endsWith(DETAIL_SUFFIX)) {
          return readDetail(zip, sink);
        }
      }
      throw new BillFormatException("the bill zip holds no detail file (…" + DETAIL_SUFFIX + ")");
    } catch (CharacterCodingException e) {
      throw new BillFormatException("the bill is not GBK text (is it UTF-8?)");
    } catch (ZipException | java.io.EOFException e) {
      throw new BillFormatException("the bill zip is truncated or corrupt: " + e.getMessage());
    } catch (IOException e) {
      throw new BillFormatException("the bill could not be read: " + e.getMessage());
    }
  }

  private static BillTotals readDetail(InputStream detail, BillSink sink)
      throws IOException, BillFormatException {
    CharsetDecoder strictGbk =
        GBK.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    BufferedReader text = new BufferedReader(new InputStreamReader(detail, strictGbk), 1 << 16);
    CSVParser parser = CSVParser.builder().setReader(text).setFormat(FORMAT).get();
    BillColumns columns = BillColumns.of(parser.getHeaderNames());
    Counts counts = new Counts();
    try {
      long lineNo = 0;
      for (CSVRecord record : parser) {
        lineNo++;
        readRow(lineNo, record.toList(), columns, counts, sink);
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    return checkedFooter(parser.getTrailerComment(), counts);
  }

  private static void readRow(
      long lineNo, List<String> row, BillColumns columns, Counts counts, BillSink sink) {
    String outTradeNo = columns.cell(row, BillColumns.OUT_TRADE_NO);
    String problem = problemWith(row, columns, outTradeNo);
    if (problem != null) {
      counts.bad++;
      sink.bad(new BadBillLine(lineNo, outTradeNo.isEmpty() ? null : clip(outTradeNo), problem));
      return;
    }
    String type = columns.cell(row, BillColumns.BUSINESS_TYPE);
    BillLine.Kind kind = "退款".equals(type) ? BillLine.Kind.REFUND : BillLine.Kind.PAYMENT;
    long amount = minorUnits(columns.cell(row, BillColumns.ORDER_AMOUNT));
    long net =
        columns.has(BillColumns.NET_RECEIVED)
            ? minorUnits(columns.cell(row, BillColumns.NET_RECEIVED))
            : amount;
    if (kind == BillLine.Kind.PAYMENT) {
      counts.payments++;
      counts.paymentSum += net;
    } else {
      counts.refunds++;
      counts.refundSum += net;
    }
    String outRequestNo = columns.cell(row, BillColumns.OUT_REQUEST_NO);
    sink.line(
        new BillLine(
            lineNo,
            kind,
            columns.cell(row, BillColumns.TRADE_NO),
            outTradeNo,
            amount,
            outRequestNo.isEmpty() ? null : outRequestNo,
            time(columns.cell(row, BillColumns.FINISHED_AT))));
  }

  /** Why a row cannot be used, or null when it can. */
  private static String problemWith(List<String> row, BillColumns columns, String outTradeNo) {
    if (row.size() < columns.width()) {
      return "row has " + row.size() + " cells, the header " + columns.width();
    }
    if (outTradeNo.isEmpty() || outTradeNo.length() > 64) {
      return "no usable 商户订单号";
    }
    String tradeNo = columns.cell(row, BillColumns.TRADE_NO);
    if (tradeNo.isEmpty() || tradeNo.length() > 64) {
      return "no usable 支付宝交易号";
    }
    String type = columns.cell(row, BillColumns.BUSINESS_TYPE);
    if (!"交易".equals(type) && !"退款".equals(type)) {
      return "业务类型 is neither 交易 nor 退款";
    }
    if (!isAmount(columns.cell(row, BillColumns.ORDER_AMOUNT))
        || (columns.has(BillColumns.NET_RECEIVED)
            && !isAmount(columns.cell(row, BillColumns.NET_RECEIVED)))) {
      return "amount is not a decimal with at most 2 places";
    }
    long amount = minorUnits(columns.cell(row, BillColumns.ORDER_AMOUNT));
    if ("交易".equals(type) ? amount <= 0 : amount >= 0) {
      return "amount has the wrong sign for " + type;
    }
    if ("退款".equals(type) && columns.cell(row, BillColumns.OUT_REQUEST_NO).length() > 64) {
      return "退款批次号/请求号 is too long";
    }
    return null;
  }

  private static BillTotals checkedFooter(String trailer, Counts counts)
      throws BillFormatException {
    if (trailer == null || !trailer.contains(END_MARKER)) {
      throw new BillFormatException(
          "the bill is truncated: no end-of-list marker after row " + counts.rows());
    }
    Matcher payments = PAYMENT_TOTAL.matcher(trailer);
    Matcher refunds = REFUND_TOTAL.matcher(trailer);
    if (!payments.find() || !refunds.find()) {
      throw new BillFormatException("the bill is truncated: its footer lacks the totals");
    }
    BillTotals footer =
        new BillTotals(
            Long.parseLong(payments.group(1)),
            minorUnits(payments.group(2)),
            Long.parseLong(refunds.group(1)),
            minorUnits(refunds.group(2)));
    if (footer.rows() != counts.rows()) {
      throw new BillFormatException(
          "the bill's footer counts " + footer.rows() + " rows, the file has " + counts.rows());
    }
    boolean sumsChecked = counts.bad == 0;
    if (sumsChecked
        && (footer.payments() != counts.payments
            || footer.paymentSum() != counts.paymentSum
            || footer.refunds() != counts.refunds
            || footer.refundSum() != counts.refundSum)) {
      throw new BillFormatException(
          "the bill's rows do not add up to its footer: "
              + counts.payments
              + " payments / "
              + counts.paymentSum
              + ", "
              + counts.refunds
              + " refunds / "
              + counts.refundSum
              + " (minor units)");
    }
    return footer;
  }

  private static boolean isAmount(String text) {
    try {
      minorUnits(text);
      return true;
    } catch (NumberFormatException | ArithmeticException e) {
      return false;
    }
  }

  private static long minorUnits(String text) {
    return new BigDecimal(text.strip()).movePointRight(2).longValueExact();
  }

  private static Instant time(String text) {
    try {
      return LocalDateTime.parse(text, TIME).atZone(CHINA).toInstant();
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  private static String clip(String text) {
    return text.length() > 64 ? text.substring(0, 64) : text;
  }

  /** Running totals of the rows read. */
  private static final class Counts {
    long payments;
    long paymentSum;
    long refunds;
    long refundSum;
    long bad;

    long rows() {
      return payments + refunds + bad;
    }
  }
}
