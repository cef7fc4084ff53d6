-- A payment written by an instance that predates next_check_at (V78) — an old instance still
-- serving during a rolling deploy — names no next_check_at. NULL would hide it from the janitor for
-- good (due means next_check_at <= now), and with it a payment whose notify was lost. Such a row
-- is due at once instead, before any other; today's code always writes the column itself.
ALTER TABLE payment ALTER COLUMN next_check_at SET DEFAULT '2000-01-01 00:00:00';
