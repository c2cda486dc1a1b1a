/**
 * Social sign-in (docs/product-rules.md section 7): an identity-provider ID token for the session tokens, directly or
 * through a one-time code in a `/socialSignIn?code=` link (never a token in a URL).
 */
import { z } from 'zod';
import { signInAnswerSchema } from './session';

const idToken = z.string().min(1).max(8192);

/** `POST /auth/social/login`; `redirect: true` asks for the one-time-code link instead of the tokens. */
export const socialLoginBodySchema = z.strictObject({ idToken, redirect: z.boolean().optional() });

export const socialRedirectAnswerSchema = z.object({ redirectUrl: z.string() });

export const socialLoginAnswerSchema = z.union([signInAnswerSchema, socialRedirectAnswerSchema]);

/** `POST /auth/social/exchange`: the one-time code of the redirect link; answers like any sign-in. */
export const socialExchangeBodySchema = z.strictObject({
  code: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'is not a sign-in code'),
});

/** `POST /social/home/redirect`: the browser form of OAuth's `form_post` mode (answers 303). */
export const socialRedirectFormSchema = z.strictObject({ idToken });
