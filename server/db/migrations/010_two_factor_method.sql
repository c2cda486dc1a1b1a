-- Two-factor sign-in applies to every first factor, an identity provider's (Google) as much as a
-- password: a challenge remembers which one it follows, so the session it opens is audited with it.
ALTER TABLE two_factor_challenges ADD COLUMN method text NOT NULL DEFAULT 'password';
