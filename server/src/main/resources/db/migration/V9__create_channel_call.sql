-- Every call we made to a channel and what came of it (DONE, REFUSED, UNKNOWN), for the timeline.
CREATE TABLE channel_call (
  id              ${id_column},
  channel         VARCHAR(16)   NOT NULL,
  method          VARCHAR(64)   NOT NULL,
  out_trade_no    VARCHAR(64),
  outcome         VARCHAR(16)   NOT NULL,
  detail          VARCHAR(1000),
  started_at      ${timestamp}  NOT NULL,
  took_ms         BIGINT        NOT NULL
)${table_options};

CREATE INDEX ix_channel_call_out_trade_no ON channel_call (out_trade_no);
