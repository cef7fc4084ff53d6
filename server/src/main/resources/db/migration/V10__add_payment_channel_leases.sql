-- Leases that let one instance at a time talk to the channel about a payment, claimed by a
-- conditional UPDATE and expiring on their own when an instance dies:
--   call_lease_until  the precreate call in flight (an INIT payment's channel call);
--   next_query_at     when the channel may next be queried about this payment (rate limit).
ALTER TABLE payment ADD COLUMN call_lease_until ${timestamp};
ALTER TABLE payment ADD COLUMN next_query_at ${timestamp};
