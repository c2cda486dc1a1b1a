/**
 * The company item as every company route answers it (docs/product-rules.md section 3 field names), and as the app
 * parses it (`fetch-user` embeds it): one schema for both sides (docs/api.md section 10).
 */
import { z } from 'zod';

export const companySchema = z.object({
  _id: z.string(),
  version: z.number().int(),
  name: z.string(),
  short_name: z.string(),
  company_type: z.string(),
  account_type: z.string(),
  prefered_language: z.string(),
  operating_country: z.string(),
  currency: z.string(),
  timezone: z.string(),
  address: z.record(z.string(), z.unknown()),
  phone: z.string(),
  /** The logo: an image file of driveserver (`GET /companies/{id}/logo` serves it to the company). */
  logoFileId: z.string().nullable(),
  is_subscribed_for_campaign: z.boolean(),
  twoFactorAuth: z.boolean(),
  account_setup: z.boolean(),
  subscripedPlan: z.object({ name: z.string(), expiryDate: z.string() }),
  isExpired: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const shortText = z.string().trim().min(1).max(100);

/** `PUT|PATCH /companies/{id}`: the company's own settings (optimistic concurrency: `version` or `If-Match`). */
export const updateCompanyBody = z.strictObject({
  version: z.number().int().min(1).optional(),
  name: shortText.optional(),
  short_name: z.string().trim().min(1).max(20).optional(),
  company_type: shortText.optional(),
  account_type: shortText.optional(),
  prefered_language: z.string().trim().min(2).max(10).optional(),
  operating_country: z.string().trim().min(2).max(3).optional(),
  currency: z.string().trim().length(3).optional(),
  timezone: shortText.optional(),
  address: z.record(z.string().max(50), z.string().max(500)).optional(),
  phone: z.string().trim().max(40).optional(),
  /** An image uploaded through driveserver (PNG, JPEG or WebP, at most 1 MB); null removes the logo. */
  logoFileId: z.uuid().nullable().optional(),
  is_subscribed_for_campaign: z.boolean().optional(),
  twoFactorAuth: z.boolean().optional(),
  account_setup: z.boolean().optional(),
});
export type UpdateCompanyInput = z.input<typeof updateCompanyBody>;

/**
 * The app admin's console (`/app-admin/companies`, super admins only): every company with what the
 * console shows besides the company itself.
 */
export const appAdminCompanySchema = companySchema.extend({
  /** How many users the company has (invited ones included). */
  userCount: z.number().int(),
});
export type AppAdminCompany = z.infer<typeof appAdminCompanySchema>;

/** The sort fields of `GET /app-admin/companies` (`sort=field` or `sort=-field`). */
export const APP_ADMIN_COMPANY_SORT_FIELDS = [
  'name',
  'accountType',
  'planName',
  'expiryDate',
  'userCount',
  'createdAt',
] as const;

/** The account types the console offers; the column itself takes any short text (company settings too). */
export const COMPANY_ACCOUNT_TYPES = ['business', 'individual', 'trial'] as const;

const planName = z.string().trim().min(1).max(50);

/** `POST /app-admin/companies`: a company and its first admin, who is mailed an invitation to set a password. */
export const createAppAdminCompanyBody = z.strictObject({
  name: shortText,
  shortName: z.string().trim().min(1).max(20),
  accountType: z.string().trim().min(1).max(50).default('business'),
  planName: planName.default('standard'),
  expiryDate: z.iso.date(),
  operatingCountry: z.string().trim().min(2).max(3).default('US'),
  currency: z.string().trim().length(3).default('USD'),
  timezone: shortText.default('UTC'),
  admin: z.strictObject({
    email: z.email().max(254),
    firstName: shortText,
    lastName: shortText,
  }),
});
export type CreateAppAdminCompanyInput = z.input<typeof createAppAdminCompanyBody>;

/** `PUT|PATCH /app-admin/companies/{id}`: the plan (extend: a later expiry; end: expiry yesterday). */
export const updateCompanyPlanBody = z.strictObject({
  version: z.number().int().min(1).optional(),
  planName: planName.optional(),
  expiryDate: z.iso.date().optional(),
});
export type UpdateCompanyPlanInput = z.input<typeof updateCompanyPlanBody>;
