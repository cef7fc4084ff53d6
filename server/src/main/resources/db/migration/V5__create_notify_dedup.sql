-- One row per channel fact applied. event_key is the fact itself (Alipay: trade_no:trade_status),
-- not the delivery id: re-sends of one fact may carry different notify ids, and a query or a
-- reconciliation that learns the same fact has no notify id at all. See docs/data-model.md.
CREATE TABLE notify_dedup (
  id           ${id_column},
  channel      VARCHAR(16)  NOT NULL,
  event_key    VARCHAR(128) NOT NULL,
  out_trade_no VARCHAR(64)  NOT NULL,
  payload_hash CHAR(64)     NOT NULL,
  received_at  ${timestamp} NOT NULL,
  CONSTRAINT uk_notify_dedup_channel_event UNIQUE (channel, event_key)
)${table_options};
