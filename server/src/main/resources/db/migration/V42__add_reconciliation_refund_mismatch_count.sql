-- Refund rows of the bill are now matched against our refunds: refund_count counts the matched
-- ones, refund_mismatch_count those our refunds do not explain.
ALTER TABLE reconciliation_run ADD COLUMN refund_mismatch_count BIGINT DEFAULT 0 NOT NULL;
