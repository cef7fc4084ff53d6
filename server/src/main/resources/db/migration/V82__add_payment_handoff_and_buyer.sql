-- The hand-off a product issued (JSON of channel.Handoff: a link or form to the channel's page),
-- written by the UPDATE that moves the payment INIT -> PRECREATED: every repeat of the request
-- answers it without calling the channel again. QR payments keep qr_code and leave this null.
ALTER TABLE payment ADD COLUMN handoff VARCHAR(8000);
-- What the buyer's side gave when the payment was opened (JSON of channel.BuyerFacts: return and
-- quit URLs, the buyer's address), in the same insert: a retried or taken-over channel call
-- repeats the first call's parameters exactly.
ALTER TABLE payment ADD COLUMN buyer VARCHAR(1000);
