-- On PostgreSQL the two indexes that find the work still to do hold only those rows (partial
-- indexes): a row version outside an index's predicate gets no entry in it, so marking an outbox row
-- published and a delivery's 2xx write one index entry fewer each, and the indexes stay as small as
-- the backlog instead of growing with history. The queries name the predicates as literals, which a
-- generic plan can match (a bind parameter it cannot). H2 and MariaDB have no partial indexes and
-- keep the full ones.
${postgresql_only}DROP INDEX ix_outbox_unpublished;
${postgresql_only}CREATE INDEX ix_outbox_unpublished ON outbox (id) WHERE published_at IS NULL;
${postgresql_only}DROP INDEX ix_webhook_delivery_due;
${postgresql_only}CREATE INDEX ix_webhook_delivery_due ON webhook_delivery (next_attempt_at, id) WHERE state = 'PENDING';
-- The operators' console lists the parked deliveries, newest first: a handful too.
${postgresql_only}CREATE INDEX ix_webhook_delivery_parked ON webhook_delivery (id) WHERE state = 'PARKED';
