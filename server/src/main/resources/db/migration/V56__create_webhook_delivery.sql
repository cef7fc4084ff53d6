-- Per-app webhooks. An order may name its own notify URL (Jeepay's notifyUrl); its events go there
-- instead of its app's webhook URL, signed with the app's webhook secret.
ALTER TABLE orders ADD COLUMN notify_url VARCHAR(512);

-- One row per (event, destination URL): the relay's hand-off writes it once (the unique key refuses
-- a second), then the webhook dispatcher works it with a lease (claim_token, claim_until) taken by a
-- conditional UPDATE, like the outbox's. state: PENDING (due at next_attempt_at), DELIVERED (a 2xx
-- answer), PARKED (the retry schedule ran out; an alarm was raised; an operator may resend it).
-- schedule_step counts the failed attempts since the row was last armed (created or resent): the
-- back-off's position. attempts counts every attempt ever made. body is the envelope as first
-- handed over: every attempt, resends included, posts the same bytes.
CREATE TABLE webhook_delivery (
  id               ${id_column},
  event_id         VARCHAR(36)   NOT NULL,
  event_type       VARCHAR(64)   NOT NULL,
  app_id           VARCHAR(64)   NOT NULL,
  order_no         VARCHAR(64),
  url              VARCHAR(512)  NOT NULL,
  destination      VARCHAR(8)    NOT NULL,
  body             VARCHAR(8000) NOT NULL,
  state            VARCHAR(16)   NOT NULL,
  attempts         INT           NOT NULL,
  schedule_step    INT           NOT NULL,
  next_attempt_at  ${timestamp}  NOT NULL,
  claim_token      VARCHAR(36),
  claim_until      ${timestamp},
  last_status      INT,
  last_failure     VARCHAR(256),
  created_at       ${timestamp}  NOT NULL,
  updated_at       ${timestamp}  NOT NULL,
  delivered_at     ${timestamp},
  CONSTRAINT uk_webhook_delivery UNIQUE (event_id, url)
)${table_options};

CREATE INDEX ix_webhook_delivery_due ON webhook_delivery (state, next_attempt_at);
CREATE INDEX ix_webhook_delivery_order ON webhook_delivery (order_no);
CREATE INDEX ix_webhook_delivery_claim ON webhook_delivery (claim_token);

-- Every attempt, as it happened: when, how long, the receiver's status code or why there was none,
-- and the state the attempt moved its delivery to (NULL when it moved nothing: its lease had been
-- taken over, or another attempt had already delivered it). cause: SCHEDULE or RESEND, and for a
-- resend the operator who asked (requested_by).
CREATE TABLE webhook_attempt (
  id           ${id_column},
  delivery_id  BIGINT        NOT NULL,
  attempt_no   INT           NOT NULL,
  cause        VARCHAR(16)   NOT NULL,
  requested_by VARCHAR(64),
  started_at   ${timestamp}  NOT NULL,
  latency_ms   BIGINT        NOT NULL,
  status_code  INT,
  failure      VARCHAR(256),
  state_after  VARCHAR(16),
  CONSTRAINT fk_webhook_attempt_delivery FOREIGN KEY (delivery_id) REFERENCES webhook_delivery (id)
)${table_options};

CREATE INDEX ix_webhook_attempt_delivery ON webhook_attempt (delivery_id, id);
