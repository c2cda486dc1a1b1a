-- Idempotency keys belong to their caller: one stored answer per company, user and key, so that a user
-- who sends a key another user of the company already used gets a write of their own, not the other's
-- answer. The request is now told apart by an HMAC under a server secret (see server/http/idempotency.ts):
-- the stored plain SHA-256 digests could be tested against guesses of what was sent (a password change's
-- new password among them), so every stored key goes. A client retrying one of them makes a new write,
-- the same as after the window; TRUNCATE, unlike DELETE, is not narrowed by row-level security.
TRUNCATE idempotency_keys;

ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_pkey;
ALTER TABLE idempotency_keys ADD COLUMN user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE idempotency_keys RENAME COLUMN request_hash TO request_fingerprint;
ALTER TABLE idempotency_keys ADD PRIMARY KEY (company_id, user_id, key);

-- The hourly sweep deletes keys older than the window (30 days) across companies.
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
