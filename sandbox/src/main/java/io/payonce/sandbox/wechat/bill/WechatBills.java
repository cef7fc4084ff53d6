package io.payonce.sandbox.wechat.bill;

import io.payonce.sandbox.SandboxProperties;
import io.payonce.sandbox.SandboxResettable;
import io.payonce.sandbox.bill.BillDownloads;
import io.payonce.sandbox.clock.SandboxClock;
import io.payonce.sandbox.wechat.WechatTime;
import io.payonce.sandbox.wechat.ledger.WechatLedger;
import io.payonce.sandbox.wechat.ledger.WechatOrder;
import io.payonce.sandbox.wechat.ledger.WechatRefund;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.zip.GZIPOutputStream;
import org.springframework.stereotype.Component;

/**
 * Builds a merchant's trade bill for a day from the ledger and keeps it behind a short-lived token;
 * the hash is SHA-1 over the uncompressed file, as the SDK checks it.
 */
@Component
public class WechatBills implements SandboxResettable {

  private final WechatLedger ledger;
  private final SandboxClock clock;
  private final Duration urlTtl;
  private final BillDownloads<byte[]> downloads = new BillDownloads<>();

  WechatBills(WechatLedger ledger, SandboxClock clock, SandboxProperties properties) {
    this.ledger = ledger;
    this.clock = clock;
    this.urlTtl = properties.getWechat().getBillUrlTtl();
  }

  /** Which rows a bill holds. */
  public enum BillType {
    /** Payments and refunds. */
    ALL,
    /** Payments only. */
    SUCCESS,
    /** Refunds only. */
    REFUND
  }

  /** A bill ready for download: its URL's token and the SHA-1 of the uncompressed file. */
  public record Issued(String token, String sha1) {}

  /** Empty when the day has no rows and {@code emptyFileWhenNoRows} is false. */
  public Optional<Issued> issue(
      String mchid,
      LocalDate day,
      BillType type,
      boolean gzip,
      boolean emptyFileWhenNoRows,
      boolean bom) {
    List<BillRow> rows = rows(mchid, day, type);
    if (rows.isEmpty() && !emptyFileWhenNoRows) {
      return Optional.empty();
    }
    byte[] csv = TradeBillCsv.write(rows, bom);
    String token = downloads.issue(gzip ? gzip(csv) : csv, clock.now().plus(urlTtl));
    return Optional.of(new Issued(token, sha1(csv)));
  }

  /** The bill behind a token, while its URL is valid. */
  public Optional<byte[]> download(String token) {
    return downloads.download(token, clock.now());
  }

  private List<BillRow> rows(String mchid, LocalDate day, BillType type) {
    List<BillRow> rows = new ArrayList<>();
    for (WechatOrder order : ledger.all()) {
      if (!order.mchid().equals(mchid) || order.paidAt() == null) {
        continue;
      }
      if (type != BillType.REFUND && on(order.paidAt(), day)) {
        rows.add(payment(order));
      }
      if (type == BillType.SUCCESS) {
        continue;
      }
      for (WechatRefund refund : order.refunds()) {
        if (on(refund.createdAt(), day)) {
          rows.add(refund(order, refund));
        }
      }
      if (order.reversal() != null
          && order.reversal().refunded() > 0
          && on(order.reversal().at(), day)) {
        rows.add(reversal(order));
      }
    }
    rows.sort(Comparator.comparing(BillRow::at));
    return rows;
  }

  private static boolean on(Instant instant, LocalDate day) {
    return WechatTime.date(instant).equals(day);
  }

  private static BillRow payment(WechatOrder order) {
    return row(order, order.paidAt(), false, null, null, 0, null);
  }

  private static BillRow refund(WechatOrder order, WechatRefund refund) {
    return row(
        order,
        refund.createdAt(),
        true,
        refund.refundId(),
        refund.outRefundNo(),
        refund.amount(),
        refund.status().name());
  }

  /** A reversal's refund: no refund numbers exist at WeChat's API; the sandbox names it. [UNC] */
  private static BillRow reversal(WechatOrder order) {
    return row(
        order,
        order.reversal().at(),
        true,
        "",
        "REVERSE-" + order.transactionId(),
        order.reversal().refunded(),
        "SUCCESS");
  }

  private static BillRow row(
      WechatOrder order,
      Instant at,
      boolean refund,
      String refundId,
      String outRefundNo,
      long refundFen,
      String refundStatus) {
    return new BillRow(
        at,
        order.appid(),
        order.mchid(),
        order.transactionId(),
        order.outTradeNo(),
        order.openid(),
        order.tradeType().name(),
        refund,
        order.terms().total(),
        refundId,
        outRefundNo,
        refundFen,
        refundStatus,
        order.terms().description(),
        order.terms().attach());
  }

  private static String sha1(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(bytes));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("SHA-1 is unavailable", e);
    }
  }

  private static byte[] gzip(byte[] bytes) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream zip = new GZIPOutputStream(out)) {
      zip.write(bytes);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  @Override
  public void reset() {
    downloads.clear();
  }
}
