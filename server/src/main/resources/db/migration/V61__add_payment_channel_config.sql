-- The channel configuration a payment was made under, set once at creation: every later call for
-- it (query, close, cancel, refund, refund query) uses that configuration, even after its app's
-- configuration was replaced. NULL (payments made before this column) means the bootstrap
-- configuration (payonce.alipay.* / payonce.wechat.*), as does the key 'bootstrap'.
ALTER TABLE payment ADD COLUMN channel_config VARCHAR(64);
