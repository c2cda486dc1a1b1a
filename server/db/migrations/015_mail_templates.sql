-- Issue 11: the company's mail templates (docs/api.md section 12). A template is a subject and an HTML
-- body with {{mergeField}} placeholders; one template per type is the default, and the product's own mail
-- of that type (invitation, password reset, e-mail verification, two-factor code) is rendered from it.
-- Every company gets each type in English and Spanish; the company's preferred language is the default.

CREATE TABLE mail_templates (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('invitation', 'password-reset', 'verify-email', 'two-factor-code', 'general')),
  language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'es')),
  subject text NOT NULL,
  body text NOT NULL,
  is_default boolean NOT NULL DEFAULT false,
  created_by uuid,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- At most one default per type and company (the write that makes another one default unsets this one first).
CREATE UNIQUE INDEX mail_templates_one_default ON mail_templates (company_id, type) WHERE is_default;
CREATE INDEX mail_templates_company_type ON mail_templates (company_id, type, lower(name));
SELECT app_isolate_by_company('mail_templates');

-- The templates a company starts with; called by company provisioning and, below, for existing companies.
-- Templates the company already has are left alone: only a type without any template gets the defaults.
CREATE FUNCTION app_seed_mail_templates(target_company uuid, default_language text) RETURNS void
  LANGUAGE sql
  AS $$
INSERT INTO mail_templates (company_id, name, type, language, subject, body, is_default)
SELECT target_company, d.name, d.type, d.language, d.subject, d.body,
       d.language = (CASE WHEN default_language = 'es' THEN 'es' ELSE 'en' END)
  FROM (VALUES
    ('Invitation', 'invitation', 'en',
     '{{invitedByName}} invited you to Freight Desk',
     '<p>Hello,</p><p>{{invitedByName}} invited you to join {{companyName}} on Freight Desk.</p><p>Use the link below within 7 days to choose your password; it works once.</p><p><a href="{{acceptUrl}}">Accept the invitation</a></p><p>If you did not expect this invitation, ignore this message.</p>'),
    ('Invitación', 'invitation', 'es',
     '{{invitedByName}} te ha invitado a Freight Desk',
     '<p>Hola:</p><p>{{invitedByName}} te ha invitado a unirte a {{companyName}} en Freight Desk.</p><p>Usa el enlace de abajo en los próximos 7 días para elegir tu contraseña; solo funciona una vez.</p><p><a href="{{acceptUrl}}">Aceptar la invitación</a></p><p>Si no esperabas esta invitación, ignora este mensaje.</p>'),
    ('Password reset', 'password-reset', 'en',
     'Reset your Freight Desk password',
     '<p>Hello {{userName}},</p><p>Someone asked to reset the password of your Freight Desk account. Use the link below within one hour to choose a new password; it works once.</p><p><a href="{{resetUrl}}">Choose a new password</a></p><p>If you did not ask for this, ignore this message: your password stays as it is.</p>'),
    ('Restablecer contraseña', 'password-reset', 'es',
     'Restablece tu contraseña de Freight Desk',
     '<p>Hola, {{userName}}:</p><p>Alguien ha pedido restablecer la contraseña de tu cuenta de Freight Desk. Usa el enlace de abajo en la próxima hora para elegir una contraseña nueva; solo funciona una vez.</p><p><a href="{{resetUrl}}">Elegir una contraseña nueva</a></p><p>Si no lo has pedido tú, ignora este mensaje: tu contraseña no cambia.</p>'),
    ('E-mail verification', 'verify-email', 'en',
     'Verify your e-mail address for Freight Desk',
     '<p>Hello {{userName}},</p><p>Confirm that {{email}} is your address: open the link below within 24 hours.</p><p><a href="{{verifyUrl}}">Verify my e-mail address</a></p><p>If you did not ask for this, ignore this message.</p>'),
    ('Verificación de correo', 'verify-email', 'es',
     'Verifica tu dirección de correo para Freight Desk',
     '<p>Hola, {{userName}}:</p><p>Confirma que {{email}} es tu dirección: abre el enlace de abajo en las próximas 24 horas.</p><p><a href="{{verifyUrl}}">Verificar mi dirección de correo</a></p><p>Si no lo has pedido tú, ignora este mensaje.</p>'),
    ('Sign-in code', 'two-factor-code', 'en',
     'Your Freight Desk sign-in code',
     '<p>Your sign-in code is <strong>{{code}}</strong>.</p><p>It is valid for {{validMinutes}} minutes. If you did not try to sign in, change your password.</p>'),
    ('Código de acceso', 'two-factor-code', 'es',
     'Tu código de acceso a Freight Desk',
     '<p>Tu código de acceso es <strong>{{code}}</strong>.</p><p>Es válido durante {{validMinutes}} minutos. Si no has intentado iniciar sesión, cambia tu contraseña.</p>'),
    ('General message', 'general', 'en',
     'A message from {{companyName}}',
     '<p>Hello {{recipientName}},</p><p></p><p>Kind regards,<br>{{senderName}}<br>{{companyName}}</p>'),
    ('Mensaje general', 'general', 'es',
     'Un mensaje de {{companyName}}',
     '<p>Hola, {{recipientName}}:</p><p></p><p>Saludos cordiales,<br>{{senderName}}<br>{{companyName}}</p>')
  ) AS d(name, type, language, subject, body)
 WHERE NOT EXISTS (SELECT 1 FROM mail_templates t WHERE t.company_id = target_company AND t.type = d.type);
$$;
GRANT EXECUTE ON FUNCTION app_seed_mail_templates(uuid, text) TO freight_system;

SELECT app_seed_mail_templates(id, prefered_language) FROM companies;
