-- The idempotent consumer's memory: one row per (consumer, message id) it has applied, inserted in
-- the same transaction as the consumer's own change, so a redelivered message is applied once.
CREATE TABLE processed_message (
  id            ${id_column},
  consumer      VARCHAR(64)  NOT NULL,
  message_id    VARCHAR(64)  NOT NULL,
  processed_at  ${timestamp} NOT NULL,
  CONSTRAINT uk_processed_message UNIQUE (consumer, message_id)
)${table_options};
