-- Request-level idempotency keys (IETF httpapi Idempotency-Key draft): the first request inserts the
-- row IN_PROGRESS with a lease; a replay with the same fingerprint gets the stored response, one with
-- a different fingerprint a 422 naming the differing fields (hence request_body), and one that
-- arrives while the first still runs a 409. A lease that outlives its instance can be taken over.
-- scope = caller + operation: keys of different callers never meet.
CREATE TABLE idempotency_record (
  id              ${id_column},
  scope           VARCHAR(128)  NOT NULL,
  idem_key        VARCHAR(128)  NOT NULL,
  fingerprint     CHAR(64)      NOT NULL,
  request_body    VARCHAR(4000) NOT NULL,
  state           VARCHAR(16)   NOT NULL,
  owner_token     VARCHAR(64),
  locked_until    ${timestamp},
  response_status INT,
  response_body   VARCHAR(4000),
  created_at      ${timestamp}  NOT NULL,
  expires_at      ${timestamp}  NOT NULL,
  CONSTRAINT uk_idempotency_scope_key UNIQUE (scope, idem_key)
)${table_options};

CREATE INDEX ix_idempotency_expires ON idempotency_record (expires_at);
