-- The example consumer's table, for the tests only (see consumer/example in the test sources).
CREATE TABLE example_fulfilment (
  id         ${id_column},
  event_id   VARCHAR(64)  NOT NULL,
  order_no   VARCHAR(64)  NOT NULL,
  amount     VARCHAR(32)  NOT NULL,
  created_at ${timestamp} NOT NULL
)${table_options};

CREATE INDEX ix_example_fulfilment_order ON example_fulfilment (order_no);
