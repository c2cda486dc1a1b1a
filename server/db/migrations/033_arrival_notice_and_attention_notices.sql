-- Issue 25, items 4 and 6: the arrival notice, mailed to a shipment's consignee and notify party from a
-- new template type, `arrival-notice` (merge fields in src/shared/contracts/mail-templates.ts), in English
-- and Spanish like every type; and the late and at-risk notices each follower of a shipment gets once per
-- state (server/modules/shipments/shipment-attention-notice.ts).

ALTER TABLE mail_templates DROP CONSTRAINT mail_templates_type_check;
ALTER TABLE mail_templates ADD CONSTRAINT mail_templates_type_check
  CHECK (type IN ('invitation', 'password-reset', 'verify-email', 'two-factor-code', 'general', 'arrival-notice'));

-- The seed of migration 015 with the arrival notice added: a type a company has no template of gets both
-- languages, the company's language the default; the types it has are left alone.
CREATE OR REPLACE FUNCTION app_seed_mail_templates(target_company uuid, default_language text) RETURNS void
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
     '<p>Hola, {{recipientName}}:</p><p></p><p>Saludos cordiales,<br>{{senderName}}<br>{{companyName}}</p>'),
    ('Arrival notice', 'arrival-notice', 'en',
     'Arrival notice {{shipmentNumber}}: {{transport}}, ETA {{eta}}',
     '<p>Hello,</p><p>Shipment <strong>{{shipmentNumber}}</strong> ({{transport}}) is expected to arrive on <strong>{{eta}}</strong>.</p><p>Containers: {{containerNumbers}}<br>Place of delivery: {{placeOfDelivery}}</p><p>{{freeText}}</p><p>Please arrange customs clearance and collection in good time.</p><p>Kind regards,<br>{{senderName}}<br>{{companyName}}</p>'),
    ('Aviso de llegada', 'arrival-notice', 'es',
     'Aviso de llegada {{shipmentNumber}}: {{transport}}, ETA {{eta}}',
     '<p>Hola:</p><p>Está previsto que el envío <strong>{{shipmentNumber}}</strong> ({{transport}}) llegue el <strong>{{eta}}</strong>.</p><p>Contenedores: {{containerNumbers}}<br>Lugar de entrega: {{placeOfDelivery}}</p><p>{{freeText}}</p><p>Le rogamos que prepare el despacho de aduanas y la recogida con antelación.</p><p>Saludos cordiales,<br>{{senderName}}<br>{{companyName}}</p>')
  ) AS d(name, type, language, subject, body)
 WHERE NOT EXISTS (SELECT 1 FROM mail_templates t WHERE t.company_id = target_company AND t.type = d.type);
$$;

-- The arrival notices of the companies there are, as freight_system: row-level security binds the owner
-- too (forced), so the owner alone would see no company here.
SET LOCAL ROLE freight_system;
SELECT app_seed_mail_templates(id, prefered_language) FROM companies;
RESET ROLE;

-- What each follower has been told: one row per shipment, follower and state (`late`, `at-risk`), written
-- in the transaction that sends the notification, so that timers on several instances and the sweep run
-- after each milestone tell each follower once.
CREATE TABLE shipment_attention_notices (
  company_id uuid NOT NULL,
  shipment_id uuid NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  state text NOT NULL CHECK (state IN ('late', 'at-risk')),
  notified_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, shipment_id, user_id, state),
  FOREIGN KEY (company_id, shipment_id) REFERENCES shipments (company_id, id) ON DELETE CASCADE
);
CREATE INDEX shipment_attention_notices_user ON shipment_attention_notices (user_id);
SELECT app_isolate_by_company('shipment_attention_notices');
