/**
 * `GET|PUT /iamserver/api/v1/profile/preferences`: the signed-in user's app settings (docs/product-rules.md section 2's
 * app settings dialog). Stored per user; a missing field is its default.
 */
import { z } from 'zod';

export const DATE_FORMATS = ['locale', 'iso', 'dmy', 'mdy'] as const;
export const NUMBER_FORMATS = ['locale', 'dot', 'comma'] as const;

export const preferencesSchema = z.object({
  /** null: the company's default, then the browser's. */
  language: z.enum(['en', 'es']).nullable().default(null),
  dateFormat: z.enum(DATE_FORMATS).default('locale'),
  numberFormat: z.enum(NUMBER_FORMATS).default('locale'),
  /** An IANA zone for dates and times; null: the device's. */
  timeZone: z.string().max(64).nullable().default(null),
  theme: z.enum(['system', 'light', 'dark']).default('system'),
  /** Which notifications raise a toast as they arrive. */
  toasts: z
    .object({ notifications: z.boolean().default(true), mail: z.boolean().default(true) })
    .default({ notifications: true, mail: true }),
});
export type Preferences = z.output<typeof preferencesSchema>;

export const DEFAULT_PREFERENCES: Preferences = preferencesSchema.parse({});

export const updatePreferencesBody = z.strictObject({
  language: z.enum(['en', 'es']).nullable(),
  dateFormat: z.enum(DATE_FORMATS),
  numberFormat: z.enum(NUMBER_FORMATS),
  timeZone: z
    .string()
    .max(64)
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'an IANA time zone such as Europe/Madrid')
    .nullable(),
  theme: z.enum(['system', 'light', 'dark']),
  toasts: z.strictObject({ notifications: z.boolean(), mail: z.boolean() }),
});
export type UpdatePreferencesInput = z.input<typeof updatePreferencesBody>;
