package io.payonce.sandbox.alipay.bill;

import io.payonce.sandbox.SandboxProperties;
import io.payonce.sandbox.SandboxResettable;
import io.payonce.sandbox.alipay.AlipayApp;
import io.payonce.sandbox.alipay.AlipayIds;
import io.payonce.sandbox.alipay.ledger.AlipayLedger;
import io.payonce.sandbox.alipay.ledger.AlipayOrder;
import io.payonce.sandbox.alipay.ledger.Refund;
import io.payonce.sandbox.alipay.ledger.Trade;
import io.payonce.sandbox.bill.BillDownloads;
import io.payonce.sandbox.clock.SandboxClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * Issues bill download URLs (valid for a short while, 30 s like Alipay's) over the ledger's rows,
 * or over a synthetic bill generated for that day.
 */
@Component
public class AlipayBills implements SandboxResettable {

  private final AlipayLedger ledger;
  private final SandboxClock clock;
  private final Duration urlTtl;
  private final BillDownloads<IssuedBill> downloads = new BillDownloads<>();
  private final Map<String, List<BillRow>> generated = new ConcurrentHashMap<>();

  AlipayBills(AlipayLedger ledger, SandboxClock clock, SandboxProperties properties) {
    this.ledger = ledger;
    this.clock = clock;
    this.urlTtl = properties.getAlipay().getBillUrlTtl();
  }

  /** A zip kept for download. */
  record IssuedBill(String fileName, byte[] zip) {}

  /**
   * The download URL of the app's trade bill for the period; empty when there is nothing to bill
   * and {@code emptyFileWhenNoRows} is false.
   */
  public Optional<String> downloadUrl(
      AlipayApp app, BillPeriod period, String baseUrl, boolean emptyFileWhenNoRows) {
    List<BillRow> rows = rows(app.appId(), period);
    if (rows.isEmpty() && !emptyFileWhenNoRows) {
      return Optional.empty();
    }
    Instant now = clock.now();
    String account = app.sellerId() + "0156";
    String fileName = BillZip.fileName(account, period);
    String token =
        downloads.issue(
            new IssuedBill(fileName, BillZip.write(account, period, rows, now)), now.plus(urlTtl));
    return Optional.of(
        baseUrl
            + "/sandbox/alipay/bills/downloadBillFile.resource?bizType=trade&userId="
            + account
            + "&fileType=csv.zip&bizDates="
            + period.compact()
            + "&downloadFileName="
            + fileName
            + "&timestamp="
            + now.toEpochMilli()
            + "&token="
            + token);
  }

  /** The bill behind a token, while its URL is still valid. */
  Optional<IssuedBill> download(String token) {
    return downloads.download(token, clock.now());
  }

  /** From now on, the app's bill for the period is these rows instead of the ledger's. */
  void replace(String appId, BillPeriod period, List<BillRow> rows) {
    generated.put(appId + "|" + period.compact(), List.copyOf(rows));
  }

  private List<BillRow> rows(String appId, BillPeriod period) {
    List<BillRow> replaced = generated.get(appId + "|" + period.compact());
    if (replaced != null) {
      return replaced;
    }
    List<BillRow> rows = new ArrayList<>();
    for (AlipayOrder order : ledger.all()) {
      Trade trade = order.trade();
      if (!order.appId().equals(appId) || trade == null || trade.paidAt() == null) {
        continue;
      }
      if (period.contains(trade.paidAt())) {
        rows.add(row(order, trade.paidAt(), order.terms().totalAmount(), null));
      }
      for (Refund refund : trade.refunds()) {
        if (period.contains(refund.refundedAt())) {
          rows.add(
              row(order, refund.refundedAt(), refund.amount().negate(), refund.outRequestNo()));
        }
      }
    }
    rows.sort(Comparator.comparing(BillRow::finishedAt));
    return rows;
  }

  private static BillRow row(
      AlipayOrder order, Instant finishedAt, java.math.BigDecimal amount, String outRequestNo) {
    Trade trade = order.trade();
    return new BillRow(
        trade.tradeNo(),
        order.outTradeNo(),
        outRequestNo != null,
        order.terms().subject(),
        trade.createdAt(),
        finishedAt,
        order.terms().storeId(),
        AlipayIds.buyerLogonId(trade.buyerId()),
        amount,
        outRequestNo);
  }

  @Override
  public void reset() {
    downloads.clear();
    generated.clear();
  }
}
