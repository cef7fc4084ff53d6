-- A pay token belongs to the app that was issued it: every lookup and the consuming UPDATE name
-- the app, so another app's request finds no such token. Tokens issued before this column existed
-- have none and are found by no app (they lived for minutes).
ALTER TABLE pay_token ADD COLUMN app_id VARCHAR(64);
