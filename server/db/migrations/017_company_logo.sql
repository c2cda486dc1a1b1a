-- Issue 11: the company's logo, an image uploaded through driveserver (the app scales it down to at most
-- 512 px); deleting the file clears it.
ALTER TABLE companies ADD COLUMN logo_file_id uuid REFERENCES drive_files(id) ON DELETE SET NULL;
