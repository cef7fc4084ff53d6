-- Every notification received, verified or not, applied or duplicate, with the reply we gave: the
-- operator's view of what the channel told us. Written in its own transaction, so a receipt survives
-- the rollback of the work it triggered. notify_dedup, not this table, decides what was applied.
CREATE TABLE notify_receipt (
  id              ${id_column},
  channel         VARCHAR(16)   NOT NULL,
  out_trade_no    VARCHAR(64),
  notify_id       VARCHAR(64),
  event_key       VARCHAR(128),
  trade_status    VARCHAR(32),
  total_amount    VARCHAR(32),
  outcome         VARCHAR(24)   NOT NULL,
  reply           VARCHAR(16)   NOT NULL,
  detail          VARCHAR(1000),
  payload_hash    CHAR(64)      NOT NULL,
  received_at     ${timestamp}  NOT NULL
)${table_options};

CREATE INDEX ix_notify_receipt_out_trade_no ON notify_receipt (out_trade_no);
