-- Something an operator must look at: a forged or tampered notify, money taken after we closed a
-- payment, a duplicate payment. Alarms are also counted (payonce.alarms) and logged at ERROR.
CREATE TABLE alarm (
  id              ${id_column},
  alarm_type      VARCHAR(32)   NOT NULL,
  channel         VARCHAR(16),
  out_trade_no    VARCHAR(64),
  detail          VARCHAR(1000),
  raised_at       ${timestamp}  NOT NULL,
  resolved_at     ${timestamp},
  resolution      VARCHAR(1000)
)${table_options};

CREATE INDEX ix_alarm_open ON alarm (resolved_at, id);
CREATE INDEX ix_alarm_out_trade_no ON alarm (out_trade_no);
