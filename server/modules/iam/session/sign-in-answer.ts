/**
 * What every sign-in call answers (CONTRACT.md section 4): the session tokens, or, for a company with
 * two-factor sign-in, the challenge that `POST /auth/verify-code` completes with the mailed code.
 */
import { z } from 'zod';
import type { LoginOutcome } from './session-service.ts';

export const tokenPairSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });

export const signInAnswerSchema = z.union([
  tokenPairSchema,
  z.object({ twoFactorRequired: z.literal(true), challengeId: z.string() }),
]);

export function signInAnswer(outcome: LoginOutcome): z.infer<typeof signInAnswerSchema> {
  return outcome.kind === 'tokens'
    ? outcome.tokens
    : { twoFactorRequired: true as const, challengeId: outcome.challengeId };
}
