/**
 * What every sign-in call answers (docs/api.md section 4): the session tokens, or, for a company with
 * two-factor sign-in, the challenge that `POST /auth/verify-code` completes with the mailed code.
 */
import type { SignInAnswer } from '../../../../src/shared/contracts/session.ts';
import type { LoginOutcome } from './session-service.ts';

/** The answer (`signInAnswerSchema` of src/shared/contracts/session.ts) for a sign-in's outcome. */
export function signInAnswer(outcome: LoginOutcome): SignInAnswer {
  return outcome.kind === 'tokens'
    ? outcome.tokens
    : { twoFactorRequired: true as const, challengeId: outcome.challengeId };
}
