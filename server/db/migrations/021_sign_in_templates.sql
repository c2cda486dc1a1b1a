-- Issue 21: the templates of the product's sign-in mail (invitation, password reset, e-mail verification,
-- sign-in code) carry a link or code that opens an account, so they get a permission module of their own,
-- `templates`, on top of `mail`. Existing companies' system roles get what provisioning now gives new
-- ones: Admin holds every action, Operations none. A company's own roles are left as they are (nobody
-- could have given them `templates` before this migration, so they have none).
UPDATE roles SET permissions = permissions || '{"templates": ["read", "create", "update", "delete"]}'::jsonb
 WHERE is_system AND name = 'Admin';
UPDATE roles SET permissions = permissions - 'templates'
 WHERE is_system AND name = 'Operations';
