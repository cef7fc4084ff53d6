-- Reconciliation's pass over "payments that became SUCCESS during the bill day" reads the journal
-- by target status and time.
CREATE INDEX ix_journal_status_time ON journal (aggregate, to_status, occurred_at);
