-- Append-only history of every order and payment status change, written by the winner of the
-- conditional UPDATE in the same transaction. from_status is NULL for the row that records creation.
CREATE TABLE journal (
  id           ${id_column},
  aggregate    VARCHAR(16)   NOT NULL,
  aggregate_id BIGINT        NOT NULL,
  from_status  VARCHAR(24),
  to_status    VARCHAR(24)   NOT NULL,
  source       VARCHAR(16)   NOT NULL,
  detail       VARCHAR(1000),
  occurred_at  ${timestamp}  NOT NULL
)${table_options};

CREATE INDEX ix_journal_aggregate ON journal (aggregate, aggregate_id);
