-- The sum of the payment's refunds that succeeded or may still succeed. A refund reserves its amount
-- with a conditional UPDATE (... WHERE refund_reserved_minor + :amount <= amount_minor), so refunds
-- can never exceed what was paid, whatever runs concurrently; a refund that definitely failed gives
-- its reservation back.
ALTER TABLE payment ADD COLUMN refund_reserved_minor BIGINT DEFAULT 0 NOT NULL;
