-- A payment closed without the channel's proof (an Alipay QR nobody had scanned: close closes
-- nothing there, and the code stays payable until its expiry) is watched until watch_until: the
-- janitor keeps querying it, so a buyer who pays the old code is recorded, never lost.
ALTER TABLE payment ADD COLUMN watch_until ${timestamp};
