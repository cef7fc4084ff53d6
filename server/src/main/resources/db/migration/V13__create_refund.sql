-- Refunds of a payment. out_request_no is the refund's number at the channel: unique per payment, so
-- the same request repeated never refunds twice. kind MERCHANT is asked through the API; DUPLICATE is
-- the automatic refund of a payment that charged an order already paid (out_request_no derived from
-- the payment, so every path that detects it — notify, janitor, reconciliation — refunds at most once).
CREATE TABLE refund (
  id              ${id_column},
  pay_id          BIGINT        NOT NULL,
  order_id        BIGINT        NOT NULL,
  out_trade_no    VARCHAR(64)   NOT NULL,
  out_request_no  VARCHAR(64)   NOT NULL,
  amount_minor    BIGINT        NOT NULL,
  currency        CHAR(3)       NOT NULL,
  reason          VARCHAR(256),
  kind            VARCHAR(16)   NOT NULL,
  status          VARCHAR(16)   NOT NULL,
  detail          VARCHAR(1000),
  next_attempt_at ${timestamp},
  created_at      ${timestamp}  NOT NULL,
  updated_at      ${timestamp}  NOT NULL,
  CONSTRAINT fk_refund_payment FOREIGN KEY (pay_id) REFERENCES payment (pay_id),
  CONSTRAINT uk_refund_request UNIQUE (pay_id, out_request_no),
  CONSTRAINT ck_refund_amount_positive CHECK (amount_minor > 0)
)${table_options};

CREATE INDEX ix_refund_order ON refund (order_id);
CREATE INDEX ix_refund_pending ON refund (status, next_attempt_at);
