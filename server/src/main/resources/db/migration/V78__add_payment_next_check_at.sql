-- When the janitor next asks the channel about a payment: set while the payment is in flight or
-- watched, NULL once neither (so the index holds only the janitor's work). The janitor takes the
-- payments due longest first and moves each one it claims forward with a back-off, so a backlog
-- larger than one batch is worked through in turn instead of from the same end.
ALTER TABLE payment ADD COLUMN next_check_at ${timestamp};

UPDATE payment
SET next_check_at = COALESCE(next_query_at, created_at)
WHERE active_slot = 1
   OR watch_until IS NOT NULL;

CREATE INDEX ix_payment_next_check_at ON payment (next_check_at);
