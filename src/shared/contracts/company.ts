/**
 * The company item as every company route answers it (SPEC.md section 3 field names), and as the app
 * parses it (`fetch-user` embeds it): one schema for both sides (CONTRACT.md section 10).
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
  is_subscribed_for_campaign: z.boolean(),
  twoFactorAuth: z.boolean(),
  account_setup: z.boolean(),
  subscripedPlan: z.object({ name: z.string(), expiryDate: z.string() }),
  isExpired: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
