-- One-time pay tokens issued by GET /api/pay/get-token (the store used without Redis). A token is
-- consumed by one conditional UPDATE (used_at IS NULL -> now), never by a read then a delete; a
-- used token is kept until purge_after so that a retry with it can be told apart from a stranger.
CREATE TABLE pay_token (
  id           ${id_column},
  token        VARCHAR(64)  NOT NULL,
  user_id      VARCHAR(64)  NOT NULL,
  created_at   ${timestamp} NOT NULL,
  expires_at   ${timestamp} NOT NULL,
  used_at      ${timestamp},
  purge_after  ${timestamp} NOT NULL,
  CONSTRAINT uk_pay_token UNIQUE (token)
)${table_options};

CREATE INDEX ix_pay_token_purge ON pay_token (purge_after);
