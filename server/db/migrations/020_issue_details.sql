-- Issue 13: "Report a problem". A report carries an optional attachment (a screenshot or any file the
-- reporter uploaded to driveserver; the service checks it is a file of the issue's own company; deleting
-- the file clears it), the app version and the page (path and query) it was sent from.
ALTER TABLE issues
  ADD COLUMN attachment_file_id uuid REFERENCES drive_files(id) ON DELETE SET NULL,
  ADD COLUMN app_version text NOT NULL DEFAULT '' CHECK (length(app_version) <= 64),
  ADD COLUMN route text NOT NULL DEFAULT '' CHECK (length(route) <= 2000);

-- Everyone in Operations may report a problem, but the company's list of reports (whose screenshots can
-- show what only administrators see) and its status updates are for administrators: the Operations system
-- role keeps `issues.create` only, as provisioning now gives new companies. A role someone has changed
-- from the default is left as they made it.
UPDATE roles SET permissions = permissions || '{"issues": ["create"]}'::jsonb
 WHERE is_system AND name = 'Operations'
   AND permissions -> 'issues' = '["read", "create", "update", "delete"]'::jsonb;
