-- Mail: the transactional outbox every service writes to, the embedded local mailbox that development
-- delivers into when no SMTP server is configured, and the single-use tokens that mailed links carry
-- (password reset, e-mail verification, invitations).

-- One row per message. Written in the caller's transaction (mail leaves only if the business write
-- commits), delivered by the mailserver's worker: queued -> sent, or failed after the last attempt.
CREATE TABLE mail_outbox (
  id uuid PRIMARY KEY,
  -- NULL for system mail that belongs to no company.
  company_id uuid REFERENCES companies(id) ON DELETE CASCADE,
  -- Listed in the company's own mail list (the mail dialog's messages). System mail carrying codes or links
  -- (sign-in codes, password reset, invitations) is not: its body is a credential.
  listed_for_company boolean NOT NULL DEFAULT false,
  kind text NOT NULL,
  to_addresses text[] NOT NULL CHECK (cardinality(to_addresses) > 0),
  cc_addresses text[] NOT NULL DEFAULT '{}',
  bcc_addresses text[] NOT NULL DEFAULT '{}',
  subject text NOT NULL,
  body_text text NOT NULL,
  body_html text,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  -- When a worker may next pick the row. A worker that claims a row pushes this forward by a lease, so that
  -- the row is picked again only if that worker dies before recording the outcome.
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE status = 'queued';
CREATE INDEX mail_outbox_company_idx ON mail_outbox (company_id, created_at DESC);

-- Company rows: written by their own company, read by it only when listed. NULL-company rows match no
-- policy, so only freight_system (BYPASSRLS) sees or writes them.
ALTER TABLE mail_outbox ENABLE ROW LEVEL SECURITY;
ALTER TABLE mail_outbox FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_read ON mail_outbox FOR SELECT
  USING (company_id IS NOT NULL AND company_id = app_company_id() AND listed_for_company);
CREATE POLICY tenant_insert ON mail_outbox FOR INSERT
  WITH CHECK (company_id IS NOT NULL AND company_id = app_company_id());
GRANT SELECT, INSERT ON mail_outbox TO freight_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON mail_outbox TO freight_system;

-- The embedded local mailbox (docs/api.md section 4): where mail goes when SMTP_URL is unset. Not company
-- data: only the system role reads it, through the development-only /dev/mailbox route.
CREATE TABLE local_mailbox (
  id bigserial PRIMARY KEY,
  outbox_id uuid NOT NULL UNIQUE,
  from_address text NOT NULL,
  to_addresses text[] NOT NULL,
  cc_addresses text[] NOT NULL DEFAULT '{}',
  bcc_addresses text[] NOT NULL DEFAULT '{}',
  -- Every recipient, lower-cased, for lookups by address.
  recipients text[] NOT NULL,
  subject text NOT NULL,
  body_text text NOT NULL,
  body_html text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX local_mailbox_recipients_idx ON local_mailbox USING gin (recipients);
GRANT SELECT, INSERT, DELETE ON local_mailbox TO freight_system;
GRANT USAGE ON SEQUENCE local_mailbox_id_seq TO freight_system;

-- Single-use tokens of mailed links. Only a SHA-256 hash is stored; the token itself exists only in the mail.
CREATE TABLE account_tokens (
  token_hash text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('password_reset', 'email_verification', 'invitation')),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- The address the link was mailed to: a token stops working when the user's address changes.
  email text NOT NULL,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_tokens_user_idx ON account_tokens (user_id, purpose) WHERE consumed_at IS NULL;
SELECT app_isolate_by_company('account_tokens');
