-- One attempt to collect an order through a channel.
-- active_slot is 1 while the payment is in flight (INIT, PRECREATED, PAYING) and NULL otherwise:
-- UNIQUE (order_id, active_slot) then admits one in-flight payment per order whatever the channel,
-- because NULLs are distinct in unique keys on H2, MariaDB/MySQL and PostgreSQL (portable partial index).
CREATE TABLE payment (
  pay_id       ${id_column},
  order_id     BIGINT       NOT NULL,
  channel      VARCHAR(16)  NOT NULL,
  out_trade_no VARCHAR(64)  NOT NULL,
  amount_minor BIGINT       NOT NULL,
  currency     CHAR(3)      NOT NULL,
  status       VARCHAR(16)  NOT NULL,
  -- the status this row had before its last transition, set by the same UPDATE (journal "from")
  previous_status VARCHAR(16),
  active_slot  SMALLINT,
  trade_no     VARCHAR(64),
  qr_code      VARCHAR(512),
  request_id   VARCHAR(64),
  expire_time  ${timestamp},
  created_at   ${timestamp} NOT NULL,
  updated_at   ${timestamp} NOT NULL,
  version      BIGINT       NOT NULL,
  CONSTRAINT fk_payment_order FOREIGN KEY (order_id) REFERENCES orders (id),
  CONSTRAINT uk_payment_out_trade_no UNIQUE (out_trade_no),
  CONSTRAINT uk_payment_channel_trade_no UNIQUE (channel, trade_no),
  CONSTRAINT uk_payment_order_active_slot UNIQUE (order_id, active_slot),
  CONSTRAINT ck_payment_amount_positive CHECK (amount_minor > 0),
  CONSTRAINT ck_payment_active_slot_matches_status CHECK (
    (status IN ('INIT', 'PRECREATED', 'PAYING') AND active_slot = 1)
    OR (status NOT IN ('INIT', 'PRECREATED', 'PAYING') AND active_slot IS NULL))
)${table_options};
