-- No index covers what a claim writes (claim_token, claim_until, attempts, updated_at): on
-- PostgreSQL the claim's UPDATE can then be a HOT update, which writes no index entry. The reads by
-- claim token also name the rows' ids (the primary key), and the few that do not are served by
-- ix_outbox_unpublished (published_at IS NULL) and ix_webhook_delivery_due (state = 'PENDING').
DROP INDEX ix_outbox_claim_token${on_outbox};
DROP INDEX ix_webhook_delivery_claim${on_webhook_delivery};

-- A HOT update also needs room on the row's page for its new version: PostgreSQL fills new pages
-- to 80 % only, leaving the rest to the claims' updates (other databases have no such setting).
${postgresql_only}ALTER TABLE outbox SET (fillfactor = 80);
${postgresql_only}ALTER TABLE webhook_delivery SET (fillfactor = 80);
