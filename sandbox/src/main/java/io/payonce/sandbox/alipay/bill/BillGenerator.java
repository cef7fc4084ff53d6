package io.payonce.sandbox.alipay.bill;

import io.payonce.sandbox.alipay.AlipayApp;
import io.payonce.sandbox.alipay.AlipayIds;
import io.payonce.sandbox.alipay.AlipayTime;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.springframework.stereotype.Component;

/**
 * Synthesizes a day of N paid trades (the truth) and a bill that differs from it in known ways:
 * rows missing from the bill, rows only in the bill, and rows whose amount is off by 0.01.
 */
@Component
class BillGenerator {

  static final Set<String> DISCREPANCIES = Set.of("missingInBill", "extraInBill", "amountMismatch");

  private final AlipayBills bills;

  BillGenerator(AlipayBills bills) {
    this.bills = bills;
  }

  record TruthRow(String outTradeNo, String tradeNo, String amount) {}

  record Mismatch(String outTradeNo, String truthAmount, String billAmount) {}

  record Injected(
      List<String> missingInBill, List<String> extraInBill, List<Mismatch> amountMismatch) {}

  record GeneratedBill(
      String appId,
      String billDate,
      int truthRows,
      int billRows,
      List<TruthRow> truth,
      Injected discrepancies) {}

  GeneratedBill generate(
      AlipayApp app, String billDate, int size, Map<String, Integer> discrepancies, long seed) {
    BillPeriod period = BillPeriod.parse(billDate);
    int missing = discrepancies.getOrDefault("missingInBill", 0);
    int extra = discrepancies.getOrDefault("extraInBill", 0);
    int mismatched = discrepancies.getOrDefault("amountMismatch", 0);
    if (missing + mismatched > size) {
      throw new IllegalArgumentException("missingInBill + amountMismatch cannot exceed rows");
    }
    Random random = new Random(seed);
    Instant dayStart = period.from().atStartOfDay(AlipayTime.ZONE).toInstant();
    String prefix = "GEN" + period.compact() + "_";
    List<BillRow> truth = new ArrayList<>();
    for (int i = 0; i < size; i++) {
      truth.add(syntheticRow(prefix + String.format("%07d", i), dayStart, i, random));
    }
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < size; i++) {
      order.add(i);
    }
    Collections.shuffle(order, random);
    List<BillRow> billRows = new ArrayList<>(truth);
    List<String> missingIds = new ArrayList<>();
    List<Mismatch> mismatches = new ArrayList<>();
    for (int k = 0; k < missing + mismatched; k++) {
      int index = order.get(k);
      BillRow row = truth.get(index);
      if (k < missing) {
        missingIds.add(row.outTradeNo());
        billRows.set(index, null);
      } else {
        BillRow off = withAmount(row, row.amount().add(new BigDecimal("0.01")));
        billRows.set(index, off);
        mismatches.add(
            new Mismatch(
                row.outTradeNo(), AlipayIds.money(row.amount()), AlipayIds.money(off.amount())));
      }
    }
    billRows.removeIf(row -> row == null);
    List<String> extraIds = new ArrayList<>();
    for (int k = 0; k < extra; k++) {
      BillRow row =
          syntheticRow(prefix + "X" + String.format("%06d", k), dayStart, size + k, random);
      billRows.add(row);
      extraIds.add(row.outTradeNo());
    }
    bills.replace(app.appId(), period, billRows);
    return new GeneratedBill(
        app.appId(),
        billDate,
        truth.size(),
        billRows.size(),
        truth.stream()
            .map(r -> new TruthRow(r.outTradeNo(), r.tradeNo(), AlipayIds.money(r.amount())))
            .toList(),
        new Injected(missingIds, extraIds, mismatches));
  }

  private static BillRow syntheticRow(
      String outTradeNo, Instant dayStart, int index, Random random) {
    Instant paidAt = dayStart.plusSeconds(index % 86_000);
    BigDecimal amount = BigDecimal.valueOf(1 + random.nextInt(1_000_000), 2);
    return new BillRow(
        AlipayIds.tradeNo(paidAt),
        outTradeNo,
        false,
        "synthetic",
        paidAt,
        paidAt,
        null,
        AlipayIds.buyerLogonId(AlipayIds.DEFAULT_BUYER),
        amount,
        null);
  }

  private static BillRow withAmount(BillRow row, BigDecimal amount) {
    return new BillRow(
        row.tradeNo(),
        row.outTradeNo(),
        row.refund(),
        row.subject(),
        row.createdAt(),
        row.finishedAt(),
        row.storeId(),
        row.buyer(),
        amount,
        row.outRequestNo());
  }
}
