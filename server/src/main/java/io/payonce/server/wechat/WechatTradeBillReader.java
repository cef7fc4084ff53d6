package io.payonce.server.wechat;

import io.payonce.server.channel.BadBillLine;
import io.payonce.server.channel.BillFormatException;
import io.payonce.server.channel.BillLine;
import io.payonce.server.channel.BillSink;
import io.payonce.server.channel.BillTotals;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.math.BigDecimal;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads WeChat Pay's trade bill (UTF-8, perhaps with a BOM; comma-separated; every cell prefixed
 * with a backtick; columns found by name, their order is not guaranteed): a header, one row per
 * payment (交易状态 SUCCESS: 应结订单金额) or refund (REFUND: 退款金额, 商户退款单号), then a summary header and its
 * line. Line by line, never whole; returns only when the rows add up to the summary (count,
 * 应结订单总金额, 退款总金额).
 */
final class WechatTradeBillReader {

  private static final String SUMMARY_START = "总交易单数";
  private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
  private static final List<String> REQUIRED =
      List.of("交易时间", "微信订单号", "商户订单号", "交易状态", "应结订单金额", "商户退款单号", "退款金额");

  private WechatTradeBillReader() {}

  static BillTotals read(InputStream bill, BillSink sink) throws BillFormatException {
    BufferedReader lines =
        new BufferedReader(
            new InputStreamReader(
                bill,
                StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)));
    try (lines) {
      String header = lines.readLine();
      if (header == null) {
        throw new BillFormatException("the bill is empty");
      }
      Map<String, Integer> columns = columns(strip(header));
      long payments = 0;
      long paymentSum = 0;
      long refunds = 0;
      long refundSum = 0;
      long lineNo = 0;
      String line;
      while ((line = lines.readLine()) != null && !line.startsWith(SUMMARY_START)) {
        if (line.isBlank()) {
          continue;
        }
        lineNo++;
        String[] cells = cells(line);
        try {
          BillLine read = line(lineNo, cells, columns);
          sink.line(read);
          if (read.kind() == BillLine.Kind.PAYMENT) {
            payments++;
            paymentSum += read.amountMinor();
          } else {
            refunds++;
            refundSum += read.amountMinor();
          }
        } catch (RuntimeException e) {
          payments++; // counted with the payments: the summary counts all rows as one number
          sink.bad(new BadBillLine(lineNo, cell(cells, columns, "商户订单号"), e.getMessage()));
        }
      }
      if (line == null) {
        throw new BillFormatException("the bill ends before its summary: truncated");
      }
      String summary = lines.readLine();
      if (summary == null) {
        throw new BillFormatException("the bill's summary line is missing: truncated");
      }
      checkSummary(columns(line), cells(summary), lineNo, paymentSum, refundSum);
      return new BillTotals(payments, paymentSum, refunds, refundSum);
    } catch (CharacterCodingException e) {
      throw new BillFormatException("the bill is not UTF-8");
    } catch (IOException e) {
      throw new BillFormatException("the bill could not be read: " + e.getMessage());
    }
  }

  private static void checkSummary(
      Map<String, Integer> names, String[] summary, long rows, long paymentSum, long refundSum)
      throws BillFormatException {
    try {
      long count = Long.parseLong(at(summary, names, SUMMARY_START));
      long settled = fen(at(summary, names, "应结订单总金额"));
      long refunded = fen(at(summary, names, "退款总金额"));
      if (count != rows || settled != paymentSum || -refunded != refundSum) {
        throw new BillFormatException(
            "the bill's rows do not add up to its summary: "
                + rows
                + " rows, "
                + paymentSum
                + "/"
                + refundSum
                + " fen read; summary says "
                + count
                + ", "
                + settled
                + "/-"
                + refunded);
      }
    } catch (RuntimeException e) {
      throw new BillFormatException("the bill's summary is unreadable: " + e.getMessage());
    }
  }

  private static BillLine line(long lineNo, String[] cells, Map<String, Integer> columns) {
    String status = cell(cells, columns, "交易状态");
    String outTradeNo = required(cells, columns, "商户订单号");
    String tradeNo = required(cells, columns, "微信订单号");
    Instant at = time(cell(cells, columns, "交易时间"));
    return switch (status) {
      case "SUCCESS" ->
          new BillLine(
              lineNo,
              BillLine.Kind.PAYMENT,
              tradeNo,
              outTradeNo,
              fen(required(cells, columns, "应结订单金额")),
              null,
              at);
      case "REFUND" ->
          new BillLine(
              lineNo,
              BillLine.Kind.REFUND,
              tradeNo,
              outTradeNo,
              -fen(required(cells, columns, "退款金额")),
              required(cells, columns, "商户退款单号"),
              at);
      default ->
          throw new IllegalArgumentException("交易状态 " + status + " is neither payment nor refund");
    };
  }

  private static Map<String, Integer> columns(String header) throws BillFormatException {
    Map<String, Integer> columns = new HashMap<>();
    String[] names = header.split(",", -1);
    for (int i = 0; i < names.length; i++) {
      columns.put(names[i].trim(), i);
    }
    for (String name : REQUIRED) {
      if (!columns.containsKey(name) && !header.startsWith(SUMMARY_START)) {
        throw new BillFormatException("the bill has no column " + name);
      }
    }
    return columns;
  }

  private static String[] cells(String line) {
    String[] cells = line.split(",", -1);
    for (int i = 0; i < cells.length; i++) {
      String cell = cells[i].trim();
      cells[i] = cell.startsWith("`") ? cell.substring(1) : cell;
    }
    return cells;
  }

  private static String cell(String[] cells, Map<String, Integer> columns, String name) {
    Integer at = columns.get(name);
    return at == null || at >= cells.length ? null : cells[at];
  }

  private static String at(String[] cells, Map<String, Integer> columns, String name) {
    String value = cell(cells, columns, name);
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException("no " + name);
    }
    return value;
  }

  private static String required(String[] cells, Map<String, Integer> columns, String name) {
    return at(cells, columns, name);
  }

  /** Yuan with at most two decimals, exactly, as fen. */
  private static long fen(String yuan) {
    return new BigDecimal(yuan.trim()).movePointRight(2).longValueExact();
  }

  private static Instant time(String text) {
    if (text == null || text.isBlank()) {
      return null;
    }
    try {
      return LocalDateTime.parse(text.trim(), TIME).atZone(WechatTime.ZONE).toInstant();
    } catch (java.time.format.DateTimeParseException e) {
      return null;
    }
  }

  private static String strip(String header) {
    return header.startsWith("\uFEFF") ? header.substring(1) : header;
  }
}
