-- Files (driveserver `/filesystem/file`) and the mail dialog's attachments (mailserver `/send`).

-- One uploaded file: its bytes live in the database, so that every service instance serves every file
-- and a backup holds everything. At most 10 MB each (the upload route refuses more before storing).
CREATE TABLE drive_files (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  file_name text NOT NULL CHECK (char_length(file_name) BETWEEN 1 AND 255),
  content_type text NOT NULL,
  size_bytes integer NOT NULL CHECK (size_bytes BETWEEN 1 AND 10485760),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  content bytea NOT NULL,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX drive_files_company_idx ON drive_files (company_id, created_at DESC);
SELECT app_isolate_by_company('drive_files');

-- The attachments of a queued message: a copy of each file taken when the message is queued, so that the
-- message goes out as it was written even if the file is deleted or the message is retried days later.
CREATE TABLE mail_outbox_attachments (
  outbox_id uuid NOT NULL REFERENCES mail_outbox(id) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position >= 1),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  -- The file it was copied from; kept (not a foreign key) after that file is deleted.
  file_id uuid NOT NULL,
  file_name text NOT NULL,
  content_type text NOT NULL,
  size_bytes integer NOT NULL,
  sha256 text NOT NULL,
  content bytea NOT NULL,
  PRIMARY KEY (outbox_id, position)
);
SELECT app_isolate_by_company('mail_outbox_attachments');

-- What the embedded local mailbox received as attachments (development only, system role only): the
-- name, type, size and digest of each, enough to check a delivery without keeping the bytes twice.
CREATE TABLE local_mailbox_attachments (
  outbox_id uuid NOT NULL REFERENCES local_mailbox(outbox_id) ON DELETE CASCADE,
  position integer NOT NULL,
  file_name text NOT NULL,
  content_type text NOT NULL,
  size_bytes integer NOT NULL,
  sha256 text NOT NULL,
  PRIMARY KEY (outbox_id, position)
);
GRANT SELECT, INSERT, DELETE ON local_mailbox_attachments TO freight_system;
