/**
 * contactserver (docs/api.md section 13): the company's contacts (shippers, consignees, notify parties,
 * agents, carriers, …) and their tags, each a resource of section 7. `POST /contacts/paginate` is the
 * list with filters in a body; `GET /contacts/duplicates` names the contacts a new one may duplicate.
 */
import { z } from 'zod';
import { listQuerySchema, versionInput } from './resource-contract.ts';

const itemBase = {
  _id: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

// ---------- /contact-tags ----------

export const CONTACT_TAG_SORT_FIELDS = ['name', 'updatedAt'] as const;
/** A CSS hex colour, `#rrggbb`. */
export const tagColor = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^#[0-9a-f]{6}$/, 'a colour such as #1d4ed8');

export const contactTagSchema = z.object({ ...itemBase, name: z.string(), color: z.string() });
export type ContactTag = z.infer<typeof contactTagSchema>;
/** The longest tag name the server keeps; the tags screen's input stops there. */
export const CONTACT_TAG_NAME_MAX = 60;
const tagName = z.string().trim().min(1).max(CONTACT_TAG_NAME_MAX);
export const createContactTagBody = z.strictObject({ name: tagName, color: tagColor.default('#64748b') });
export type CreateContactTagInput = z.input<typeof createContactTagBody>;
export const updateContactTagBody = z.strictObject({
  version: versionInput.optional(),
  name: tagName.optional(),
  color: tagColor.optional(),
});
export const contactTagListQuery = listQuerySchema(CONTACT_TAG_SORT_FIELDS);

// ---------- /contacts ----------

export const CONTACT_SORT_FIELDS = ['name', 'city', 'country', 'createdAt', 'updatedAt'] as const;

export const contactSchema = z.object({
  ...itemBase,
  name: z.string(),
  /** Business types of master data (`/type`). */
  typeIds: z.array(z.string()),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  /** ISO 3166-1 alpha-2, or empty. */
  country: z.string(),
  taxId: z.string(),
  tagIds: z.array(z.string()),
  notes: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;

const ids = z.array(z.uuid()).max(20);
const contactFields = {
  name: z.string().trim().min(1).max(200),
  typeIds: ids,
  email: z.union([z.literal(''), z.email().max(254)]),
  phone: z
    .string()
    .trim()
    .max(40)
    .regex(/^[0-9+()\-./ ]*$/, 'digits, spaces and + ( ) - . / only'),
  address: z.string().trim().max(500),
  city: z.string().trim().max(120),
  country: z.union([
    z.literal(''),
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code'),
  ]),
  taxId: z.string().trim().max(40),
  tagIds: ids,
  notes: z.string().max(5000),
};

export const createContactBody = z.strictObject({
  name: contactFields.name,
  typeIds: contactFields.typeIds.default([]),
  email: contactFields.email.default(''),
  phone: contactFields.phone.default(''),
  address: contactFields.address.default(''),
  city: contactFields.city.default(''),
  country: contactFields.country.default(''),
  taxId: contactFields.taxId.default(''),
  tagIds: contactFields.tagIds.default([]),
  notes: contactFields.notes.default(''),
});
export type CreateContactInput = z.input<typeof createContactBody>;

export const updateContactBody = z.strictObject({
  version: versionInput.optional(),
  ...Object.fromEntries(Object.entries(contactFields).map(([k, v]) => [k, v.optional()])),
} as { version: z.ZodOptional<typeof versionInput> } & {
  [K in keyof typeof contactFields]: z.ZodOptional<(typeof contactFields)[K]>;
});
export type UpdateContactInput = z.input<typeof updateContactBody>;

const contactFilters = z.strictObject({
  typeIds: z.array(z.uuid()).max(20).optional(),
  tagIds: z.array(z.uuid()).max(20).optional(),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code')
    .optional(),
});

/** `GET /contacts` with the filters as query parameters (a list of ids is comma-separated). */
const idList = z
  .string()
  .max(20 * 37)
  .transform((s) => s.split(',').filter(Boolean))
  .pipe(z.array(z.uuid()));
export const contactListQuery = listQuerySchema(CONTACT_SORT_FIELDS).extend({
  typeIds: idList.optional(),
  tagIds: idList.optional(),
  country: contactFilters.shape.country,
});

/** `POST /contacts/paginate`: the list with the filters in the body (docs/api.md section 13). */
export const paginateContactsBody = z.strictObject({
  page: z.number().int().min(1).max(1_000_000).default(1),
  limit: z.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(200).optional(),
  filters: contactFilters.default({}),
  sort: z.enum([...CONTACT_SORT_FIELDS, ...CONTACT_SORT_FIELDS.map((f) => `-${f}` as const)]).optional(),
});
export type PaginateContactsInput = z.input<typeof paginateContactsBody>;

/** `GET /contacts/duplicates?name=&taxId=&exceptId=`: contacts with the same name or tax id (case-insensitive). */
export const contactDuplicatesQuery = z.strictObject({
  name: z.string().trim().max(200).optional(),
  taxId: z.string().trim().max(40).optional(),
  exceptId: z.uuid().optional(),
});
export const contactDuplicateSchema = z.object({
  _id: z.string(),
  name: z.string(),
  taxId: z.string(),
  /** What matched. */
  on: z.enum(['name', 'taxId']),
});
export const contactDuplicatesAnswerSchema = z.array(contactDuplicateSchema);

// ---------- POST /contacts/import ----------

/**
 * One row of a CSV import, each cell as the file holds it: business types by name or code and tags by
 * name, each list separated by `;` (what "Export CSV" writes). The server takes off the formula guard of
 * `csv-formula-guard.ts` (a leading `'`), exactly that.
 */
export const importContactRowSchema = z.strictObject({
  name: z.string().max(200).default(''),
  types: z.string().max(2000).default(''),
  email: z.string().max(254).default(''),
  phone: z.string().max(40).default(''),
  address: z.string().max(500).default(''),
  city: z.string().max(120).default(''),
  country: z.string().max(60).default(''),
  taxId: z.string().max(40).default(''),
  tags: z.string().max(2000).default(''),
  notes: z.string().max(5000).default(''),
});
export type ImportContactRow = z.input<typeof importContactRowSchema>;
export const IMPORT_MAX_ROWS = 5000;

/**
 * All rows or none: any row in error refuses the whole import with `400 VALIDATION_FAILED` and one detail
 * per problem (`rows.<index>.<field>`). `dryRun` checks without writing (the app's preview).
 */
export const importContactsBody = z.strictObject({
  rows: z.array(importContactRowSchema).min(1).max(IMPORT_MAX_ROWS),
  dryRun: z.boolean().default(false),
});
export const importContactsAnswerSchema = z.object({ rows: z.number().int(), created: z.number().int() });
