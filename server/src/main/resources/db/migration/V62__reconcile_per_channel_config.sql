-- A channel's bills are per account: one reconciliation run per channel, channel configuration
-- (the bootstrap account, 'bootstrap', or an app's own, channel_config.config_key) and bill day.
ALTER TABLE reconciliation_run ADD COLUMN channel_config VARCHAR(64) DEFAULT 'bootstrap' NOT NULL;
ALTER TABLE reconciliation_run ${drop_unique} uk_reconciliation_run_day;
ALTER TABLE reconciliation_run
  ADD CONSTRAINT uk_reconciliation_run_config_day UNIQUE (channel, channel_config, bill_date);
