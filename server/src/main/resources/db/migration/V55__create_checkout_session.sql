-- Checkout sessions: the buyer's way into one order's cashier, made by the merchant (signed API)
-- and ending at expires_at. Only the SHA-256 of the unguessable token is kept, so the table alone
-- opens no cashier.
CREATE TABLE checkout_session (
  token_hash  CHAR(64)      NOT NULL PRIMARY KEY,
  app_id      VARCHAR(64)   NOT NULL,
  order_no    VARCHAR(64)   NOT NULL,
  created_at  ${timestamp}  NOT NULL,
  expires_at  ${timestamp}  NOT NULL
)${table_options};

CREATE INDEX ix_checkout_session_expiry ON checkout_session (expires_at);
