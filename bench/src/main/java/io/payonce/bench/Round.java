package io.payonce.bench;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;

/**
 * The orders of one concurrency level in one repetition, for the service and for B1 alike, and what
 * each operation left for the next: precreate opens the payments that the storm repeats and the
 * notifies pay. Every identifier the bench makes up (B1's and Bch's out_trade_no, the trade numbers
 * of notifies) is drawn here, in order, from the round's seeded random source, so that a run given
 * the same seed and options uses the same identifiers.
 */
final class Round {

  private static final DateTimeFormatter ALIPAY_TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneId.of("Asia/Shanghai"));

  /** B1's identifiers for one order: its payment's out_trade_no and the channel's trade_no. */
  record RawIds(String outTradeNo, String tradeNo) {}

  final int ops;
  final List<String> serviceOrders;
  final List<String> b1Orders;
  final Map<String, RawIds> b1Ids = new LinkedHashMap<>();
  final List<String> channelOutTradeNos;
  final Map<String, String> serviceOutTradeNos = new ConcurrentHashMap<>();
  final Map<String, RawScanToPay.RawPayment> b1Payments = new ConcurrentHashMap<>();
  private final List<String> notifyTradeNos;
  private List<String> notifyForms;

  Round(String prefix, int ops, SplittableRandom random) {
    this.ops = ops;
    this.serviceOrders = numbers(prefix + "-s-", ops);
    this.b1Orders = numbers(prefix + "-r-", ops);
    for (String orderNo : b1Orders) {
      b1Ids.put(orderNo, new RawIds("B1" + letters(random, 30), tradeNo(random)));
    }
    this.channelOutTradeNos =
        IntStream.range(0, ops).mapToObj(i -> "CH" + letters(random, 30)).toList();
    this.notifyTradeNos = IntStream.range(0, ops).mapToObj(i -> tradeNo(random)).toList();
  }

  /** The first ops/20 precreated orders, each 20 times in a row. */
  List<String> stormOf(List<String> orders, Map<String, ?> precreated) {
    List<String> storm = new ArrayList<>();
    orders.stream()
        .filter(precreated::containsKey)
        .limit(ops / Operation.STORM_REPEATS)
        .forEach(
            orderNo -> {
              for (int i = 0; i < Operation.STORM_REPEATS; i++) {
                storm.add(orderNo);
              }
            });
    return storm;
  }

  List<RawScanToPay.RawPayment> b1PaymentsInOrder() {
    return b1Orders.stream().filter(b1Payments::containsKey).map(b1Payments::get).toList();
  }

  List<Integer> floorItems() {
    return IntStream.range(0, ops).boxed().toList();
  }

  /** Signed TRADE_SUCCESS notifies of the service's precreated payments, built once, untimed. */
  synchronized List<String> notifyForms(PlatformKeys keys) throws Exception {
    if (notifyForms == null) {
      List<String> forms = new ArrayList<>();
      for (int i = 0; i < serviceOrders.size(); i++) {
        String outTradeNo = serviceOutTradeNos.get(serviceOrders.get(i));
        if (outTradeNo != null) {
          forms.add(keys.signedForm(notify(outTradeNo, notifyTradeNos.get(i))));
        }
      }
      notifyForms = forms;
    }
    return notifyForms;
  }

  private static Map<String, String> notify(String outTradeNo, String tradeNo) {
    String now = ALIPAY_TIME.format(Instant.now());
    Map<String, String> p = new LinkedHashMap<>();
    p.put("notify_time", now);
    p.put("notify_type", "trade_status_sync");
    p.put("notify_id", "bench" + tradeNo);
    p.put("app_id", ServiceUnderTest.APP_ID);
    p.put("auth_app_id", ServiceUnderTest.APP_ID);
    p.put("charset", "utf-8");
    p.put("version", "1.0");
    p.put("trade_no", tradeNo);
    p.put("out_trade_no", outTradeNo);
    p.put("buyer_id", "2088102146225135");
    p.put("seller_id", ServiceUnderTest.SELLER_ID);
    p.put("trade_status", "TRADE_SUCCESS");
    p.put("total_amount", ServiceClient.AMOUNT);
    p.put("receipt_amount", ServiceClient.AMOUNT);
    p.put("buyer_pay_amount", ServiceClient.AMOUNT);
    p.put("invoice_amount", ServiceClient.AMOUNT);
    p.put("subject", "Bench");
    p.put("gmt_create", now);
    p.put("gmt_payment", now);
    p.put(
        "fund_bill_list",
        "[{\"amount\":\"" + ServiceClient.AMOUNT + "\",\"fundChannel\":\"ALIPAYACCOUNT\"}]");
    return p;
  }

  private static List<String> numbers(String prefix, int count) {
    return IntStream.range(0, count).mapToObj(i -> prefix + i).toList();
  }

  private static String letters(SplittableRandom random, int count) {
    StringBuilder letters = new StringBuilder(count);
    for (int i = 0; i < count; i++) {
      letters.append((char) ('A' + random.nextInt(26)));
    }
    return letters.toString();
  }

  /** 28 digits, as Alipay's trade numbers. */
  private static String tradeNo(SplittableRandom random) {
    StringBuilder number = new StringBuilder("2026");
    while (number.length() < 28) {
      number.append(random.nextInt(10));
    }
    return number.toString();
  }
}
