-- An app's channel configurations (its Alipay app, its WeChat Pay merchant). The channel's settings
-- (keys, secrets) are one JSON document encrypted under the master key (AES-GCM, the row's
-- config_key as associated data); summary holds what may be shown (ids, key fingerprints).
-- account_id is the channel's own id of the account (Alipay app_id, WeChat mchid): a notify naming
-- it routes to exactly one row. A replaced configuration keeps its row (current_app_id NULL): the
-- payments made under it are still queried, closed and refunded with it. current_app_id is the
-- app's id while the row is the app's configuration for the channel (NULLs never collide, so the
-- unique key allows one current row per app and channel on every database).
CREATE TABLE channel_config (
  config_key      VARCHAR(64)    NOT NULL PRIMARY KEY,
  app_id          VARCHAR(64)    NOT NULL,
  channel         VARCHAR(16)    NOT NULL,
  account_id      VARCHAR(64)    NOT NULL,
  current_app_id  VARCHAR(64),
  settings_enc    VARCHAR(8000)  NOT NULL,
  summary         VARCHAR(2000)  NOT NULL,
  version         BIGINT         NOT NULL,
  created_at      ${timestamp}   NOT NULL,
  updated_at      ${timestamp}   NOT NULL,
  CONSTRAINT uk_channel_config_account UNIQUE (channel, account_id),
  CONSTRAINT uk_channel_config_current UNIQUE (channel, current_app_id),
  CONSTRAINT fk_channel_config_app FOREIGN KEY (app_id) REFERENCES merchant_app (app_id)
)${table_options};

CREATE INDEX ix_channel_config_app ON channel_config (app_id, channel);
