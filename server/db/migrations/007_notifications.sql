-- Notifications (docs/api.md section 8): stored per company and user, delivered live through the
-- product's own server-sent-events channel (and mirrored to the identity provider's realtime database
-- where one is configured).

CREATE TABLE notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'loaded')),
  -- What produced it: 'general' (an admin's message), 'plan-expiry', … Free text so that modules can add kinds.
  kind text NOT NULL CHECK (kind ~ '^[a-z][a-z0-9-]{0,39}$'),
  title text NOT NULL,
  body text NOT NULL DEFAULT '',
  link text,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  loaded_at timestamptz,
  -- Set by the one service instance that claimed the copy to the realtime database (when configured).
  mirrored_at timestamptz
);
CREATE INDEX notifications_user_time_idx ON notifications (company_id, user_id, created_at DESC, id DESC);
CREATE INDEX notifications_unread_idx ON notifications (company_id, user_id) WHERE status = 'new';
SELECT app_isolate_by_company('notifications');

-- Tickets that open one live stream: EventSource cannot send headers and tokens never go in URLs, so an
-- authenticated call buys a random, single-use ticket valid for 30 s; only its SHA-256 hash is stored.
CREATE TABLE notification_stream_tickets (
  ticket_hash text PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  session_id uuid NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX notification_stream_tickets_expiry_idx ON notification_stream_tickets (expires_at);
SELECT app_isolate_by_company('notification_stream_tickets');

-- One row per company per day on which its admins were told that the plan is about to expire: the
-- primary key makes the daily notice idempotent across timers and service instances.
CREATE TABLE plan_expiry_notices (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  notice_date date NOT NULL,
  expiry_date date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, notice_date)
);
SELECT app_isolate_by_company('plan_expiry_notices');
