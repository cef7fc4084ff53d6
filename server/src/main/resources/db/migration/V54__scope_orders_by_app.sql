-- Orders belong to the app that created them, and their numbers are unique per app. Orders made
-- before apps existed belong to the bootstrap app (payonce.apps.bootstrap.id, else "legacy").
ALTER TABLE orders ADD COLUMN app_id VARCHAR(64) DEFAULT '${legacy_app_id}' NOT NULL;
ALTER TABLE orders ALTER COLUMN app_id DROP DEFAULT;
ALTER TABLE orders ${drop_unique} uk_orders_order_no;
ALTER TABLE orders ADD CONSTRAINT uk_orders_app_order_no UNIQUE (app_id, order_no);
CREATE INDEX ix_orders_order_no ON orders (order_no);
