-- Every action an operator takes from the console (a refund, a close, a resolved alarm or anomaly,
-- a reconciliation started, an operator created or changed): who, what, on what, when, the state
-- before and after. The row is written before the action runs (outcome STARTED), so that who asked
-- is recorded even if the process dies during the channel call, and completed afterwards.
CREATE TABLE operator_action (
  id             ${id_column},
  operator       VARCHAR(64)   NOT NULL,
  action         VARCHAR(32)   NOT NULL,
  target         VARCHAR(128)  NOT NULL,
  out_trade_no   VARCHAR(64),
  before_state   VARCHAR(1000),
  after_state    VARCHAR(1000),
  outcome        VARCHAR(16)   NOT NULL,
  started_at     ${timestamp}  NOT NULL,
  finished_at    ${timestamp}
)${table_options};

CREATE INDEX ix_operator_action_out_trade_no ON operator_action (out_trade_no);
