-- Merchant apps: who may call the API. Secrets live in app_secret, encrypted under the master key
-- (never stored here in the clear); the webhook secret is encrypted the same way.
CREATE TABLE merchant_app (
  app_id              VARCHAR(64)   NOT NULL PRIMARY KEY,
  name                VARCHAR(128)  NOT NULL,
  status              VARCHAR(16)   NOT NULL,
  webhook_url         VARCHAR(512),
  webhook_secret_enc  VARCHAR(512),
  created_at          ${timestamp}  NOT NULL
)${table_options};
