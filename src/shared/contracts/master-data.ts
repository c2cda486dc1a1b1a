/**
 * master's company-owned master data (docs/api.md section 11), each a resource of section 7: receiving
 * locations, business types of contacts, picklist groups and options, and the company's currencies with
 * their rate history. Country and currency codes are checked against the shipped ISO lists by the server.
 *
 * Exchange rates travel as decimal strings (`"1.0850"`): they are exact numbers (stored as SQL `numeric`),
 * and a JSON number would round them.
 */
import { z } from 'zod';
import { listQuerySchema, versionInput } from './resource-contract.ts';

const itemBase = {
  _id: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

const name = z.string().trim().min(1).max(120);
/** Machine codes: letters, digits, `_` and `-`, as typed (the company's own, unique within it). */
const code = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'letters, digits, _ and - only');
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
/** ISO 3166-1 alpha-2, upper case; the server also checks it is a country of the shipped list. */
export const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code');
/** UN/LOCODE: the country (two letters) and three letters or digits 2–9, for example `NLRTM`. */
export const locodeFormat = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}[A-Z2-9]{3}$/, 'a UN/LOCODE such as NLRTM');
/** ISO 4217 alphabetic, upper case; the server also checks it is a currency of the shipped list. */
export const currencyCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'an ISO 4217 code');
/** A positive decimal with at most 12 integer and 10 fractional digits, as a string. */
export const exchangeRateInput = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,10})?$/, 'a positive decimal such as 1.085')
  .refine((s) => /[1-9]/.test(s), 'must be greater than zero');
const isoDate = z.iso.date();

// ---------- /receivinglocation ----------

export const RECEIVING_LOCATION_SORT_FIELDS = ['name', 'code', 'city', 'country', 'updatedAt'] as const;

export const receivingLocationSchema = z.object({
  ...itemBase,
  name: z.string(),
  code: z.string(),
  address: z.string(),
  city: z.string(),
  country: z.string(),
  locode: z.string().nullable(),
  contactName: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  isActive: z.boolean(),
});
export type ReceivingLocation = z.infer<typeof receivingLocationSchema>;

const receivingLocationFields = {
  name,
  code,
  address: z.string().trim().max(500),
  city: z.string().trim().max(120),
  country: countryCode,
  locode: locodeFormat.nullable().optional(),
  contactName: optionalText(120),
  phone: optionalText(40),
  email: z.email().max(254).nullable().optional(),
  isActive: z.boolean(),
};
export const createReceivingLocationBody = z.strictObject({
  ...receivingLocationFields,
  address: receivingLocationFields.address.default(''),
  city: receivingLocationFields.city.default(''),
  isActive: z.boolean().default(true),
});
export type CreateReceivingLocationInput = z.input<typeof createReceivingLocationBody>;
export const updateReceivingLocationBody = z.strictObject({
  version: versionInput.optional(),
  ...z.object(receivingLocationFields).partial().shape,
});
export type UpdateReceivingLocationInput = z.input<typeof updateReceivingLocationBody>;
export const receivingLocationListQuery = listQuerySchema(RECEIVING_LOCATION_SORT_FIELDS).extend({
  country: countryCode.optional(),
  isActive: z.enum(['true', 'false']).optional(),
});

// ---------- /type (business types of contacts) ----------

export const BUSINESS_TYPE_SORT_FIELDS = ['name', 'code', 'updatedAt'] as const;

export const businessTypeSchema = z.object({
  ...itemBase,
  name: z.string(),
  code: z.string(),
  isActive: z.boolean(),
});
export type BusinessType = z.infer<typeof businessTypeSchema>;
export const createBusinessTypeBody = z.strictObject({ name, code, isActive: z.boolean().default(true) });
export type CreateBusinessTypeInput = z.input<typeof createBusinessTypeBody>;
export const updateBusinessTypeBody = z.strictObject({
  version: versionInput.optional(),
  name: name.optional(),
  code: code.optional(),
  isActive: z.boolean().optional(),
});
export type UpdateBusinessTypeInput = z.input<typeof updateBusinessTypeBody>;
export const businessTypeListQuery = listQuerySchema(BUSINESS_TYPE_SORT_FIELDS).extend({
  isActive: z.enum(['true', 'false']).optional(),
});

// ---------- /dropdown-groups and /dropdown ----------

/**
 * A picklist module or group name: lower case, digits, `_` and `-` (as in `home` / `shipment_mode` /
 * `charge-codes`).
 */
export const picklistKey = z.string().regex(/^[a-z_][a-z0-9_-]{0,39}$/, 'lower case letters, digits, _ and -');

export const DROPDOWN_GROUP_SORT_FIELDS = ['module', 'name', 'label', 'updatedAt'] as const;

export const dropdownGroupSchema = z.object({
  ...itemBase,
  module: z.string(),
  name: z.string(),
  label: z.string(),
});
export type DropdownGroup = z.infer<typeof dropdownGroupSchema>;
export const createDropdownGroupBody = z.strictObject({ module: picklistKey, name: picklistKey, label: name });
export type CreateDropdownGroupInput = z.input<typeof createDropdownGroupBody>;
/** Renaming a group carries its options along; its module stays. */
export const updateDropdownGroupBody = z.strictObject({
  version: versionInput.optional(),
  name: picklistKey.optional(),
  label: name.optional(),
});
export type UpdateDropdownGroupInput = z.input<typeof updateDropdownGroupBody>;
export const dropdownGroupListQuery = listQuerySchema(DROPDOWN_GROUP_SORT_FIELDS).extend({
  module: picklistKey.optional(),
});

export const DROPDOWN_OPTION_SORT_FIELDS = ['group', 'sortOrder', 'label', 'value', 'updatedAt'] as const;

export const dropdownItemSchema = z.object({
  ...itemBase,
  module: z.string(),
  group: z.string(),
  value: z.string(),
  label: z.string(),
  sortOrder: z.number().int(),
  isActive: z.boolean(),
});
export type DropdownItem = z.infer<typeof dropdownItemSchema>;
const optionValue = z.string().trim().min(1).max(80);
/** A new option goes to the end of its group unless `sortOrder` is given. */
export const createDropdownBody = z.strictObject({
  module: picklistKey,
  group: picklistKey,
  value: optionValue,
  label: name,
  sortOrder: z.number().int().min(0).max(1_000_000).optional(),
  isActive: z.boolean().default(true),
});
export type CreateDropdownInput = z.input<typeof createDropdownBody>;
/** Deactivating (`isActive: false`) keeps the option for records that hold it and takes it out of pickers. */
export const updateDropdownBody = z.strictObject({
  version: versionInput.optional(),
  value: optionValue.optional(),
  label: name.optional(),
  sortOrder: z.number().int().min(0).max(1_000_000).optional(),
  isActive: z.boolean().optional(),
});
export type UpdateDropdownInput = z.input<typeof updateDropdownBody>;

/**
 * `GET /dropdown`: with `module` alone it answers the session picklist of docs/api.md section 6
 * (`dropdownAnswerSchema` of master-reference.ts: active options only, no paging, any signed-in caller).
 * With any other parameter (`page`, `limit`, `search`, `sort`, `group`, `isActive`) it is the resource's
 * list `{ data, meta }` of `dropdownItemSchema`, inactive options included, and needs `masterData.read`.
 */
export const dropdownListQuery = listQuerySchema(DROPDOWN_OPTION_SORT_FIELDS).extend({
  module: picklistKey.optional(),
  group: picklistKey.optional(),
  isActive: z.enum(['true', 'false']).optional(),
});
export const DROPDOWN_LIST_PARAMETERS = ['page', 'limit', 'search', 'sort', 'group', 'isActive'] as const;

/** `POST /dropdown/reorder`: the group's options in their new order (every option of the group, once). */
export const reorderDropdownBody = z.strictObject({
  module: picklistKey,
  group: picklistKey,
  ids: z.array(z.uuid()).min(1).max(1000),
});
export type ReorderDropdownInput = z.input<typeof reorderDropdownBody>;
export const reorderDropdownAnswerSchema = z.array(dropdownItemSchema);

// ---------- /company-currency ----------

export const COMPANY_CURRENCY_SORT_FIELDS = ['code', 'validFrom', 'updatedAt'] as const;

export const companyCurrencySchema = z.object({
  ...itemBase,
  code: z.string(),
  /** Units of the company's base currency for one unit of `code`, as a decimal string. */
  exchangeRate: z.string(),
  validFrom: z.string(),
});
export type CompanyCurrency = z.infer<typeof companyCurrencySchema>;
export const createCompanyCurrencyBody = z.strictObject({
  code: currencyCode,
  exchangeRate: exchangeRateInput,
  validFrom: isoDate,
});
export type CreateCompanyCurrencyInput = z.input<typeof createCompanyCurrencyBody>;
/** A change of `exchangeRate` or `validFrom` adds a row to the currency's rate history. */
export const updateCompanyCurrencyBody = z.strictObject({
  version: versionInput.optional(),
  exchangeRate: exchangeRateInput.optional(),
  validFrom: isoDate.optional(),
});
export type UpdateCompanyCurrencyInput = z.input<typeof updateCompanyCurrencyBody>;
export const companyCurrencyListQuery = listQuerySchema(COMPANY_CURRENCY_SORT_FIELDS);

/** `GET /company-currency/{id}/history`: every rate the currency has had, oldest first. */
export const companyCurrencyRateSchema = z.object({
  exchangeRate: z.string(),
  validFrom: z.string(),
  setBy: z.string().nullable(),
  setByName: z.string().nullable(),
  setAt: z.string(),
});
export type CompanyCurrencyRate = z.infer<typeof companyCurrencyRateSchema>;
export const companyCurrencyHistoryAnswerSchema = z.array(companyCurrencyRateSchema);
