-- Business orders: the caller's order_no is the idempotency key of POST /api/orders.
-- Placeholders (id_column, timestamp, table_options) are the only vendor differences; see
-- io.payonce.server.db.FlywayVendorPlaceholders.
CREATE TABLE orders (
  id           ${id_column},
  order_no     VARCHAR(64)  NOT NULL,
  user_id      VARCHAR(64)  NOT NULL,
  amount_minor BIGINT       NOT NULL,
  currency     CHAR(3)      NOT NULL,
  title        VARCHAR(256) NOT NULL,
  status       VARCHAR(24)  NOT NULL,
  -- the status this row had before its last transition, set by the same UPDATE (journal "from")
  previous_status VARCHAR(24),
  created_at   ${timestamp} NOT NULL,
  updated_at   ${timestamp} NOT NULL,
  version      BIGINT       NOT NULL,
  CONSTRAINT uk_orders_order_no UNIQUE (order_no),
  CONSTRAINT ck_orders_amount_positive CHECK (amount_minor > 0)
)${table_options};
