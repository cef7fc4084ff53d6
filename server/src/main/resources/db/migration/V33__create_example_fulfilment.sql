-- The example consumer's own table (see consumer/example): one fulfilment request per OrderPaid
-- it applied. Deliberately without a unique key on order_no: only the idempotent consumer keeps a
-- redelivered event from being applied twice, which is what its tests check.
CREATE TABLE example_fulfilment (
  id         ${id_column},
  event_id   VARCHAR(64)  NOT NULL,
  order_no   VARCHAR(64)  NOT NULL,
  amount     VARCHAR(32)  NOT NULL,
  created_at ${timestamp} NOT NULL
)${table_options};

CREATE INDEX ix_example_fulfilment_order ON example_fulfilment (order_no);
