/**
 * The session calls of iamserver (docs/api.md section 4): sign-in, two-factor, token renewal, logout, the
 * current user (`fetch-user`, with the company and products embedded), the identity-provider custom
 * token, the keys handed to signed-in clients and the password policy.
 */
import { z } from 'zod';
import { companySchema } from './company';
import { productSchema } from './product';

// ---- sign-in ------------------------------------------------------------------------------------------

export const loginBodySchema = z.strictObject({
  emailId: z.email().max(254),
  password: z.string().min(1).max(1024),
});

/** The access and refresh token pair the services issue. */
export const tokenPairSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });

/** A company with two-factor sign-in: the code is mailed, `POST /auth/verify-code` completes the sign-in. */
export const twoFactorChallengeSchema = z.object({ twoFactorRequired: z.literal(true), challengeId: z.string() });

/** What every sign-in (password, social, social code exchange) answers: tokens, or the two-factor step. */
export const signInAnswerSchema = z.union([tokenPairSchema, twoFactorChallengeSchema]);

export const verifyCodeBodySchema = z.strictObject({
  challengeId: z.uuid(),
  code: z.string().regex(/^\d{6}$/, 'must be 6 digits'),
});

// ---- token renewal and logout (the service worker sends these itself: src/shared/refresh-coordinator) ---

/** `GET /auth/token`: a new access token for the refresh token sent. */
export const accessTokenAnswerSchema = z.object({ accessToken: z.string() });

/** `POST /auth/logout`. */
export const logoutAnswerSchema = z.object({ ok: z.literal(true) });

// ---- the current user ---------------------------------------------------------------------------------

/** The company as `fetch-user` embeds it: the company item without its resource metadata. */
export const sessionCompanySchema = companySchema.omit({
  version: true,
  logoFileId: true,
  isExpired: true,
  createdAt: true,
  updatedAt: true,
});

/** The user's role as `fetch-user` embeds it: what the app needs to decide what to show. */
export const sessionRoleSchema = z.object({
  _id: z.string(),
  name: z.string(),
  permissions: z.record(z.string(), z.array(z.string())),
});

export const currentUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  emailId: z.string(),
  emailVerified: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  companyId: z.string(),
  isSuperAdmin: z.boolean(),
  role: sessionRoleSchema.nullable(),
  products: z.array(productSchema),
  company: sessionCompanySchema,
  /** True when the plan's expiry date is before today. */
  isExpired: z.boolean(),
});

/** `GET /fetch-user`: `data` is a list of one user (docs/product-rules.md section 3). */
export const fetchUserAnswerSchema = z.array(currentUserSchema);

// ---- keys and tokens for signed-in clients ------------------------------------------------------------

/** `GET /auth/getCustomToken`: an identity-provider custom token (uid = user `_id`, claim `companyId`). */
export const customTokenAnswerSchema = z.object({ token: z.string() });

/** `GET /auth/fetch-google-map-key`: empty when none is configured. */
export const googleMapKeyAnswerSchema = z.object({ googleMapKey: z.string() });

/** `GET /auth/fetch-config-key`: the product-analytics key, empty when none is configured. */
export const configKeyAnswerSchema = z.object({ pendoKey: z.string() });

// ---- the password policy (src/shared/password-policy.ts checks passwords against it) ------------------

export const passwordPolicySchema = z.object({
  /** Fewest characters (code points). Never below 6. */
  minLength: z.number(),
  /** Most characters (code points); no upper bound when absent. */
  maxLength: z.number().optional(),
  requireLowercase: z.boolean(),
  requireUppercase: z.boolean(),
  requireNumeric: z.boolean(),
  /** At least one character from `allowedNonAlphanumeric`. */
  requireNonAlphanumeric: z.boolean(),
  /** The characters that count as "non-alphanumeric" for `requireNonAlphanumeric`. */
  allowedNonAlphanumeric: z.string(),
  /**
   * `ENFORCE`: every requirement applies. `OFF`: only the length bounds apply; the character requirements
   * are shown as advice.
   */
  enforcementState: z.enum(['OFF', 'ENFORCE']),
  /** Only version 1 exists. */
  schemaVersion: z.literal(1),
});

export type TokenPair = z.infer<typeof tokenPairSchema>;
export type SignInAnswer = z.infer<typeof signInAnswerSchema>;
export type Company = z.infer<typeof sessionCompanySchema>;
export type SubscribedPlan = Company['subscripedPlan'];
export type UserRole = z.infer<typeof sessionRoleSchema>;
export type CurrentUser = z.infer<typeof currentUserSchema>;
export type { Product } from './product';
