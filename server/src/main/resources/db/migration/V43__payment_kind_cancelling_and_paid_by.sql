-- A payment's kind (QR or BARCODE) is part of its identity beside its channel: a request of one
-- kind never joins, leases or calls the channel for a payment of another. Rows written before this
-- column existed: a payment that reached PAYING or a final status without a QR code was a barcode
-- payment; every other one was a QR payment.
ALTER TABLE payment ADD COLUMN kind VARCHAR(16) DEFAULT 'QR' NOT NULL;
UPDATE payment SET kind = 'BARCODE' WHERE qr_code IS NULL AND status <> 'INIT';

-- CANCELLING (a barcode payment being reversed at the channel) holds the order's slot like the
-- other in-flight statuses.
ALTER TABLE payment DROP CONSTRAINT ck_payment_active_slot_matches_status;
ALTER TABLE payment ADD CONSTRAINT ck_payment_active_slot_matches_status CHECK (
  (status IN ('INIT', 'PRECREATED', 'PAYING', 'CANCELLING') AND active_slot = 1)
  OR (status NOT IN ('INIT', 'PRECREATED', 'PAYING', 'CANCELLING') AND active_slot IS NULL));

-- The payment that paid the order, set by the transition to PAID: the order's view, its refunds
-- and OrderPaid name it, never a duplicate success. Existing paid orders: their first success that
-- is not being refunded as a duplicate.
ALTER TABLE orders ADD COLUMN paid_by BIGINT;
UPDATE orders
SET paid_by = (SELECT MIN(p.pay_id)
               FROM payment p
               WHERE p.order_id = orders.id
                 AND p.status = 'SUCCESS'
                 AND NOT EXISTS (SELECT 1
                                 FROM refund r
                                 WHERE r.pay_id = p.pay_id
                                   AND r.kind = 'DUPLICATE'))
WHERE status IN ('PAID', 'REFUNDING', 'PARTIALLY_REFUNDED', 'REFUNDED');
