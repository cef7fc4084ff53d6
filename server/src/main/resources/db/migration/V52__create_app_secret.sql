-- An app's API secrets, encrypted (AES-GCM under the master key). At most two are active at once,
-- so that a merchant can rotate: add the new one, move its callers, revoke the old one.
CREATE TABLE app_secret (
  id          ${id_column},
  app_id      VARCHAR(64)   NOT NULL,
  secret_enc  VARCHAR(512)  NOT NULL,
  created_at  ${timestamp}  NOT NULL,
  revoked_at  ${timestamp},
  CONSTRAINT fk_app_secret_app FOREIGN KEY (app_id) REFERENCES merchant_app (app_id)
)${table_options};

CREATE INDEX ix_app_secret_app ON app_secret (app_id, revoked_at);
