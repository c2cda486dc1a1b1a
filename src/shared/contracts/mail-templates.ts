/**
 * `/mailserver/api/v1/templates` (docs/api.md section 12): the company's mail templates, a resource of
 * section 7. A template is a subject and an HTML body with `{{mergeField}}` placeholders; the fields a
 * type knows are listed here (and answered by `GET /templates/merge-fields?type=`). The default template
 * of a type is what the product's own mail of that type is rendered from.
 */
import { z } from 'zod';
import { listQuerySchema, versionInput } from './resource-contract.ts';

export const TEMPLATE_TYPES = [
  'invitation',
  'password-reset',
  'verify-email',
  'two-factor-code',
  'general',
  'arrival-notice',
] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];
export const templateType = z.enum(TEMPLATE_TYPES);

/**
 * The types the product's sign-in mail is rendered from. Their merge fields carry secrets (a link or code
 * that signs someone in), so besides `mail` they need the permission module `templates`.
 */
export const SIGN_IN_TEMPLATE_TYPES = ['invitation', 'password-reset', 'verify-email', 'two-factor-code'] as const;
export type SignInTemplateType = (typeof SIGN_IN_TEMPLATE_TYPES)[number];
export const isSignInTemplateType = (type: string): type is SignInTemplateType =>
  (SIGN_IN_TEMPLATE_TYPES as readonly string[]).includes(type);

/**
 * The merge fields that carry a secret, and where one may stand: a `link` as text or as the whole `href`
 * of a link, a `code` as text only (nowhere else could it be sent somewhere).
 */
export const SECRET_MERGE_FIELDS: Readonly<Record<string, 'link' | 'code'>> = {
  acceptUrl: 'link',
  resetUrl: 'link',
  verifyUrl: 'link',
  code: 'code',
};

export const TEMPLATE_LANGUAGES = ['en', 'es'] as const;
export type TemplateLanguage = (typeof TEMPLATE_LANGUAGES)[number];

export interface MergeField {
  /** As written in a template: `{{name}}`. */
  name: string;
  /** What the editor's chip says. */
  label: string;
  /** The value a preview shows. */
  sample: string;
  /** A template of the type must use it (the invitation's link, the sign-in code). */
  required: boolean;
}

const field = (name: string, label: string, sample: string, required = false): MergeField => ({
  name,
  label,
  sample,
  required,
});

/** The merge fields of each type, in the order the editor offers them. */
export const MERGE_FIELDS: Record<TemplateType, readonly MergeField[]> = {
  invitation: [
    field('invitedByName', 'Invited by', 'Ada Admin'),
    field('companyName', 'Company name', 'Demo Freight'),
    field('recipientEmail', 'Recipient e-mail', 'new.colleague@example.com'),
    field('acceptUrl', 'Invitation link', 'https://app.example.com/account-reset/confirm?token=sample&invite=1', true),
  ],
  'password-reset': [
    field('userName', 'User name', 'Ada Admin'),
    field('companyName', 'Company name', 'Demo Freight'),
    field('resetUrl', 'Reset link', 'https://app.example.com/account-reset/confirm?token=sample', true),
  ],
  'verify-email': [
    field('userName', 'User name', 'Ada Admin'),
    field('email', 'E-mail address', 'ada@example.com'),
    field('verifyUrl', 'Verification link', 'https://app.example.com/verify-email?token=sample', true),
  ],
  'two-factor-code': [
    field('userName', 'User name', 'Ada Admin'),
    field('code', 'Sign-in code', '482915', true),
    field('validMinutes', 'Minutes valid', '10'),
  ],
  general: [
    field('recipientName', 'Recipient name', 'Grace Hopper'),
    field('senderName', 'Sender name', 'Ada Admin'),
    field('companyName', 'Company name', 'Demo Freight'),
  ],
  // A shipment's arrival notice to its consignee and notify party (issue 25; migration 033).
  'arrival-notice': [
    field('shipmentNumber', 'Shipment number', 'SEA-2026-00017'),
    field('transport', 'Vessel or flight', 'MAERSK ESSEN, voyage 412W'),
    field('eta', 'Estimated arrival', '2026-03-30'),
    field('containerNumbers', 'Container numbers', 'MSKU6011672, CSQU3054383'),
    field('placeOfDelivery', 'Place of delivery', 'Singapore (SGSIN)'),
    field(
      'freeText',
      'Free text',
      'The cargo is available for collection from the second working day after discharge.',
    ),
    field('senderName', 'Sender name', 'Ada Admin'),
    field('companyName', 'Company name', 'Demo Freight'),
  ],
};

/** `{{ name }}` (spaces allowed inside the braces). */
export const MERGE_FIELD_PATTERN = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

/** The merge field names a text uses, in order of first use. */
export function mergeFieldsUsed(text: string): string[] {
  return [...new Set([...text.matchAll(MERGE_FIELD_PATTERN)].map((m) => m[1]!))];
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * A template with its merge fields filled: in the subject the value as text (on one line), in the body the
 * value HTML-escaped, so that a value can never add markup. A field without a value becomes empty.
 */
export function fillMergeFields(
  template: { subject: string; body: string },
  values: Readonly<Record<string, string>>,
): { subject: string; body: string } {
  return {
    subject: template.subject
      .replace(MERGE_FIELD_PATTERN, (_, name: string) => values[name] ?? '')
      .replace(/[\r\n\t]+/g, ' ')
      .trim(),
    body: template.body.replace(MERGE_FIELD_PATTERN, (_, name: string) => escapeHtml(values[name] ?? '')),
  };
}

export const TEMPLATE_SORT_FIELDS = ['name', 'type', 'updatedAt'] as const;

export const mailTemplateSchema = z.object({
  _id: z.string(),
  version: z.number().int(),
  name: z.string(),
  type: templateType,
  language: z.enum(TEMPLATE_LANGUAGES),
  subject: z.string(),
  body: z.string(),
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MailTemplate = z.infer<typeof mailTemplateSchema>;

const name = z.string().trim().min(1).max(120);
const subject = z.string().trim().min(1).max(300);
const body = z.string().min(1).max(100_000);

export const createTemplateBody = z.strictObject({
  name,
  type: templateType,
  language: z.enum(TEMPLATE_LANGUAGES).default('en'),
  subject,
  body,
  isDefault: z.boolean().default(false),
});
export type CreateTemplateInput = z.input<typeof createTemplateBody>;

/** The type stays: a template of another type is a new template. `isDefault: false` is refused (make another one default). */
export const updateTemplateBody = z.strictObject({
  version: versionInput.optional(),
  name: name.optional(),
  language: z.enum(TEMPLATE_LANGUAGES).optional(),
  subject: subject.optional(),
  body: body.optional(),
  isDefault: z.boolean().optional(),
});
export type UpdateTemplateInput = z.input<typeof updateTemplateBody>;

export const templateListQuery = listQuerySchema(TEMPLATE_SORT_FIELDS).extend({
  type: templateType.optional(),
});
export type TemplateListQuery = z.input<typeof templateListQuery>;

export const mergeFieldsQuery = z.strictObject({ type: templateType });
export const mergeFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  sample: z.string(),
  required: z.boolean(),
});
export const mergeFieldsAnswerSchema = z.array(mergeFieldSchema);

/** Previews the stored template, or the draft given (the editor's unsaved subject and body). */
export const previewTemplateBody = z.strictObject({ subject: subject.optional(), body: body.optional() }).default({});
export const templatePreviewSchema = z.object({ subject: z.string(), html: z.string() });
export type TemplatePreview = z.infer<typeof templatePreviewSchema>;
