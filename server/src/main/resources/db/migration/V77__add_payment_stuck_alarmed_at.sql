-- When an alarm said the payment stayed in flight too long (see payment.StuckPayments): set once,
-- by the one instance whose conditional UPDATE wins, so the alarm is raised once per payment.
ALTER TABLE payment ADD COLUMN stuck_alarmed_at ${timestamp};
