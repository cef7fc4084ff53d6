-- What the relay needs to publish an outbox row as a stable message, and to claim it:
--   event_id      the message id, fixed when the event is written (consumers dedup on it);
--   order_no, out_trade_no  the business numbers of the envelope, fixed when the event is written;
--   claim_token, claim_until  a relay instance's claim on the row, taken by a conditional UPDATE;
--   until claim_until passes no other instance publishes the row. After a failed publish the same
--   column holds the back-off: the row is not retried before it.
ALTER TABLE outbox ADD COLUMN event_id VARCHAR(36);
ALTER TABLE outbox ADD COLUMN order_no VARCHAR(64);
ALTER TABLE outbox ADD COLUMN out_trade_no VARCHAR(64);
ALTER TABLE outbox ADD COLUMN claim_token VARCHAR(36);
ALTER TABLE outbox ADD COLUMN claim_until ${timestamp};

CREATE UNIQUE INDEX uk_outbox_event_id ON outbox (event_id);
CREATE INDEX ix_outbox_claim_token ON outbox (claim_token);
