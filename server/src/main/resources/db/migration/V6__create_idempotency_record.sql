-- Request-level idempotency keys (e.g. a gateway retrying precreate): the first request inserts
-- the row, a replay with the same fingerprint gets the stored response, a different one a conflict.
CREATE TABLE idempotency_record (
  id              ${id_column},
  scope           VARCHAR(32)   NOT NULL,
  idem_key        VARCHAR(128)  NOT NULL,
  fingerprint     CHAR(64)      NOT NULL,
  state           VARCHAR(16)   NOT NULL,
  response_status INT,
  response_body   VARCHAR(4000),
  created_at      ${timestamp}  NOT NULL,
  expires_at      ${timestamp}  NOT NULL,
  CONSTRAINT uk_idempotency_scope_key UNIQUE (scope, idem_key)
)${table_options};
