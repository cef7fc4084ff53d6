package io.payonce.server.alipay;

import io.payonce.server.channel.BillFormatException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Where each column of a bill's detail list is, found by name: Alipay's header spelling varies
 * (full-width （元） or half-width (元)), so names are normalised and columns never taken by index.
 */
final class BillColumns {

  static final String TRADE_NO = "支付宝交易号";
  static final String OUT_TRADE_NO = "商户订单号";
  static final String BUSINESS_TYPE = "业务类型";
  static final String FINISHED_AT = "完成时间";
  static final String ORDER_AMOUNT = "订单金额(元)";
  static final String NET_RECEIVED = "商家实收(元)";
  static final String OUT_REQUEST_NO = "退款批次号/请求号";

  private static final List<String> REQUIRED =
      List.of(TRADE_NO, OUT_TRADE_NO, BUSINESS_TYPE, FINISHED_AT, ORDER_AMOUNT, OUT_REQUEST_NO);

  private final Map<String, Integer> index;

  private BillColumns(Map<String, Integer> index) {
    this.index = index;
  }

  /**
   * Maps the header row's names.
   *
   * @throws BillFormatException naming the required columns that are missing
   */
  static BillColumns of(List<String> header) throws BillFormatException {
    Map<String, Integer> index = new HashMap<>();
    for (int i = 0; i < header.size(); i++) {
      index.putIfAbsent(normalise(header.get(i)), i);
    }
    List<String> missing = new ArrayList<>();
    for (String name : REQUIRED) {
      if (!index.containsKey(name)) {
        missing.add(name);
      }
    }
    if (!missing.isEmpty()) {
      throw new BillFormatException(
          "the bill's column header lacks " + missing + " (is it a GBK Alipay trade bill?)");
    }
    return new BillColumns(index);
  }

  static String normalise(String name) {
    return name.replaceAll("\\s+", "").replace('（', '(').replace('）', ')');
  }

  int width() {
    return index.values().stream().mapToInt(Integer::intValue).max().orElse(-1) + 1;
  }

  boolean has(String name) {
    return index.containsKey(name);
  }

  /** The trimmed cell (bill cells carry trailing tabs and spaces), or "" past the row's end. */
  String cell(List<String> row, String name) {
    Integer at = index.get(name);
    return at == null || at >= row.size() ? "" : row.get(at).strip();
  }
}
