-- Issue 11: the profile's phone and avatar. The avatar is an image uploaded through driveserver
-- (cropped to a square by the app); deleting the file clears it.
ALTER TABLE users
  ADD COLUMN phone text NOT NULL DEFAULT '',
  ADD COLUMN avatar_file_id uuid REFERENCES drive_files(id) ON DELETE SET NULL;
