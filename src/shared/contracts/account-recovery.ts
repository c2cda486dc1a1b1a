/**
 * The mail-borne account flows (docs/product-rules.md section 5): password reset, e-mail verification and invitations.
 * Tokens travel only in request bodies, never in API URLs.
 */
import { z } from 'zod';

/** Long enough for any token these flows issue (43 characters), short enough to bound the work. */
const actionToken = z.string().min(16).max(256);
/** The policy decides what is acceptable; this only bounds the size (and the hashing cost). */
const newPassword = z.string().min(1).max(1024);

/** `POST /auth/reset-password-link` (answered alike whether or not the address has an account). */
export const resetLinkBodySchema = z.strictObject({ emailId: z.email().max(254) });

/** `POST /auth/valid-url`: whether a reset or invitation link can still be used, and for which address. */
export const validUrlBodySchema = z.strictObject({ token: actionToken });
export const validUrlAnswerSchema = z.object({ valid: z.boolean(), emailId: z.string().optional() });

/** `POST /auth/reset-password` and `POST /auth/accept-invitation`: a link's token and the new password. */
export const setPasswordBodySchema = z.strictObject({ token: actionToken, password: newPassword });

/** `POST /auth/verify-email`. */
export const verifyEmailBodySchema = z.strictObject({ token: actionToken });

/** `POST /auth/send-verify-email`: no body, or an empty object. */
export const sendVerifyEmailBodySchema = z.strictObject({}).optional();

/** The answer of a request that only queues a mail (`202`). */
export const okAnswerSchema = z.object({ ok: z.literal(true) });

/** The answer of a completed link: whose account it was. */
export const okWithEmailAnswerSchema = z.object({ ok: z.literal(true), emailId: z.string() });

export type ValidUrlAnswer = z.infer<typeof validUrlAnswerSchema>;
