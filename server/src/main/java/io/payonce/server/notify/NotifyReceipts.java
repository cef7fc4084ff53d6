package io.payonce.server.notify;

import io.payonce.server.db.SqlTime;
import io.payonce.server.log.Untrusted;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Receipts of every notification, written through the {@link io.payonce.server.audit.AuditTrail}:
 * batched, off the money path, so a duplicate notify costs no durable flush. What was applied is
 * decided by the dedup row in the state change's own transaction, never by a receipt.
 */
@Repository
public class NotifyReceipts {

  private static final String INSERT =
      """
      INSERT INTO notify_receipt (channel, out_trade_no, notify_id, event_key, trade_status,
                                  total_amount, outcome, reply, detail, payload_hash, received_at)
      VALUES (:channel, :outTradeNo, :notifyId, :eventKey, :tradeStatus,
              :totalAmount, :outcome, :reply, :detail, :payloadHash, :receivedAt)
      """;

  private static final String SELECT_BY_OUT_TRADE_NO =
      """
      SELECT channel, out_trade_no, notify_id, event_key, trade_status, total_amount, outcome,
             reply, detail, payload_hash, received_at
      FROM notify_receipt
      WHERE out_trade_no = :outTradeNo
      ORDER BY id
      """;

  private final JdbcClient jdbc;
  private final io.payonce.server.audit.AuditTrail audit;

  NotifyReceipts(JdbcClient jdbc, io.payonce.server.audit.AuditTrail audit) {
    this.jdbc = jdbc;
    this.audit = audit;
  }

  public void record(NotifyReceipt receipt) {
    audit.submit(
        jdbc ->
            jdbc.sql(INSERT)
                .param("channel", receipt.channel())
                .param("outTradeNo", clip(receipt.outTradeNo(), 64), java.sql.Types.VARCHAR)
                .param("notifyId", clip(receipt.notifyId(), 64), java.sql.Types.VARCHAR)
                .param("eventKey", clip(receipt.eventKey(), 128), java.sql.Types.VARCHAR)
                .param("tradeStatus", clip(receipt.tradeStatus(), 32), java.sql.Types.VARCHAR)
                .param("totalAmount", clip(receipt.totalAmount(), 32), java.sql.Types.VARCHAR)
                .param("outcome", receipt.outcome())
                .param("reply", receipt.reply())
                .param("detail", clip(receipt.detail(), 1000), java.sql.Types.VARCHAR)
                .param("payloadHash", receipt.payloadHash())
                .param("receivedAt", SqlTime.toColumn(receipt.receivedAt()))
                .update());
  }

  public List<NotifyReceipt> receiptsFor(String outTradeNo) {
    return jdbc.sql(SELECT_BY_OUT_TRADE_NO)
        .param("outTradeNo", outTradeNo)
        .query(NotifyReceipts::map)
        .list();
  }

  // Whatever a sender puts in a field, the receipt keeps what fits: a refused notify is still kept.
  private static String clip(String value, int max) {
    return Untrusted.clip(value, max);
  }

  private static NotifyReceipt map(ResultSet rs, int row) throws SQLException {
    return new NotifyReceipt(
        rs.getString("channel"),
        rs.getString("out_trade_no"),
        rs.getString("notify_id"),
        rs.getString("event_key"),
        rs.getString("trade_status"),
        rs.getString("total_amount"),
        rs.getString("outcome"),
        rs.getString("reply"),
        rs.getString("detail"),
        rs.getString("payload_hash"),
        SqlTime.fromColumn(rs, "received_at"));
  }
}
