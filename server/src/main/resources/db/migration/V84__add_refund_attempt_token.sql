-- Who holds a pending refund's current attempt (refund.RefundExecutor): set by the claim, required by
-- the FAIL its channel's refusal records. An attempt whose claim ran out while it was still
-- recording a refusal no longer holds the refund when another attempt has since asked the channel
-- again (and may have been refunded): that refusal then changes nothing.
ALTER TABLE refund ADD COLUMN attempt_token VARCHAR(36);
