-- Events written in the same transaction as the state change that causes them; a relay
-- (a later issue) publishes rows whose published_at is NULL and stamps them.
CREATE TABLE outbox (
  id             ${id_column},
  aggregate      VARCHAR(16)   NOT NULL,
  aggregate_id   BIGINT        NOT NULL,
  event_type     VARCHAR(64)   NOT NULL,
  payload        VARCHAR(4000) NOT NULL,
  created_at     ${timestamp}  NOT NULL,
  published_at   ${timestamp},
  attempts       INT           NOT NULL
)${table_options};

CREATE INDEX ix_outbox_unpublished ON outbox (published_at, id);
