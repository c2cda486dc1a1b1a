-- Issue 11: each user's app settings (language, date and number format, time zone, theme, which
-- notifications raise a toast), kept on the server so they follow the user to every device and survive
-- sign-out (which clears the browser's storage).
ALTER TABLE users ADD COLUMN preferences jsonb NOT NULL DEFAULT '{}'::jsonb;
