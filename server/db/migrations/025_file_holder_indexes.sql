-- Issue 21: a driveserver file belongs to the records that hold it, and driveserver looks them up on
-- every read and delete of a file (server/files/file-holders.ts). These indexes keep that lookup, and the
-- ON DELETE SET NULL of the foreign keys, from reading whole tables.
CREATE INDEX issues_attachment_file_idx ON issues (attachment_file_id) WHERE attachment_file_id IS NOT NULL;
CREATE INDEX companies_logo_file_idx ON companies (logo_file_id) WHERE logo_file_id IS NOT NULL;
CREATE INDEX users_avatar_file_idx ON users (avatar_file_id) WHERE avatar_file_id IS NOT NULL;
CREATE INDEX mail_outbox_attachments_file_idx ON mail_outbox_attachments (file_id);
