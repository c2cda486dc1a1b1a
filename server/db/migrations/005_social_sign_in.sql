-- Social sign-in: one-time codes that hand a verified sign-in from the identity provider to the web app
-- through a redirect. Only the SHA-256 hash of a code is stored; a code is valid for 60 seconds and is
-- used at most once (consumed_at). The product session itself is created when the code is exchanged.

CREATE TABLE social_sign_in_codes (
  code_hash text PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider text NOT NULL,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX social_sign_in_codes_expiry_idx ON social_sign_in_codes (expires_at);
-- Codes are looked up before the company is known, so as the system role; the tenant policy still
-- keeps them out of every company-scoped transaction but their own.
SELECT app_isolate_by_company('social_sign_in_codes');
