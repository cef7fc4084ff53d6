-- Reconciliation against a channel's daily bill. One run per channel and bill day: a re-run reuses
-- the row (attempt + 1) and replaces its outcomes. The instance working on a run holds its lease
-- (lease_owner, lease_until), claimed by a conditional UPDATE; a dead instance's lease runs out.
-- phase: STAGING (bill copied into reconciliation_line), MATCHING (lines after last_line_no are
-- left), LOCAL_ONLY (our successes missing from the bill), DONE.
CREATE TABLE reconciliation_run (
  id                    ${id_column},
  channel               VARCHAR(16)   NOT NULL,
  bill_date             DATE          NOT NULL,
  source                VARCHAR(16)   NOT NULL,
  status                VARCHAR(16)   NOT NULL,
  phase                 VARCHAR(16)   NOT NULL,
  attempt               INT           NOT NULL,
  rows_staged           BIGINT        NOT NULL,
  rows_total            BIGINT,
  rows_processed        BIGINT        NOT NULL,
  last_line_no          BIGINT        NOT NULL,
  matched_count         BIGINT        NOT NULL,
  channel_only_count    BIGINT        NOT NULL,
  local_only_count      BIGINT        NOT NULL,
  amount_mismatch_count BIGINT        NOT NULL,
  duplicate_count       BIGINT        NOT NULL,
  unknown_trade_count   BIGINT        NOT NULL,
  refund_count          BIGINT        NOT NULL,
  bad_row_count         BIGINT        NOT NULL,
  error                 VARCHAR(1000),
  started_at            ${timestamp}  NOT NULL,
  finished_at           ${timestamp},
  lease_owner           VARCHAR(64),
  lease_until           ${timestamp},
  CONSTRAINT uk_reconciliation_run_day UNIQUE (channel, bill_date),
  CONSTRAINT ck_reconciliation_run_status CHECK (status IN ('RUNNING', 'COMPLETED', 'FAILED'))
)${table_options};

-- The bill's detail rows, staged before anything is matched so that nothing is repaired on the
-- strength of a file that turns out truncated. Kept for a few days: the next day's run looks up
-- payments recorded just after midnight in the previous day's bill. kind: PAYMENT, REFUND, BAD.
CREATE TABLE reconciliation_line (
  run_id         BIGINT       NOT NULL,
  line_no        BIGINT       NOT NULL,
  kind           VARCHAR(8)   NOT NULL,
  trade_no       VARCHAR(64),
  out_trade_no   VARCHAR(64),
  amount_minor   BIGINT,
  out_request_no VARCHAR(64),
  finished_at    ${timestamp},
  CONSTRAINT pk_reconciliation_line PRIMARY KEY (run_id, line_no)
)${table_options};

CREATE INDEX ix_reconciliation_line_out_trade_no ON reconciliation_line (run_id, out_trade_no);

-- What a run found that was not a plain match, one row per (run, kind, reference); a re-run
-- updates the rows it finds again (keeping their resolution) and drops unresolved ones it no
-- longer finds. reference: the out_trade_no, the refund's out_request_no, or "line:N".
CREATE TABLE reconciliation_anomaly (
  id            ${id_column},
  run_id        BIGINT        NOT NULL,
  kind          VARCHAR(32)   NOT NULL,
  reference     VARCHAR(128)  NOT NULL,
  out_trade_no  VARCHAR(64),
  detail        VARCHAR(1000),
  attempt       INT           NOT NULL,
  created_at    ${timestamp}  NOT NULL,
  resolved_at   ${timestamp},
  resolution    VARCHAR(1000),
  CONSTRAINT uk_reconciliation_anomaly UNIQUE (run_id, kind, reference),
  CONSTRAINT fk_reconciliation_anomaly_run FOREIGN KEY (run_id) REFERENCES reconciliation_run (id)
)${table_options};

CREATE INDEX ix_reconciliation_anomaly_run ON reconciliation_anomaly (run_id, id);
