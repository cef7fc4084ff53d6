-- Nonces of signed API requests seen inside the signature window: the insert is the replay check
-- (a duplicate key is a replay). Rows are purged once the window they guard has passed.
CREATE TABLE api_nonce (
  app_id      VARCHAR(64)   NOT NULL,
  nonce       VARCHAR(64)   NOT NULL,
  expires_at  ${timestamp}  NOT NULL,
  CONSTRAINT pk_api_nonce PRIMARY KEY (app_id, nonce)
)${table_options};

CREATE INDEX ix_api_nonce_expiry ON api_nonce (expires_at);
