/**
 * Social sign-in: a Firebase ID token (Google, or any provider with a verified e-mail address) becomes a
 * normal product session for the product user with that address, either at once or through a
 * one-time code that the web app redeems after a redirect (see social-routes.ts for why).
 */
import { randomBytes } from 'node:crypto';
import { ERROR_CODES } from '../../../../src/shared/api-envelope.ts';
import { recordAudit } from '../../../audit/audit-repository.ts';
import { hashToken } from '../../../auth/token-service.ts';
import { ApiError } from '../../../http/api-error.ts';
import type { ServiceDeps } from '../../../http/build-service-app.ts';
import { verifyIdentityToken, type VerifiedIdentity } from '../firebase/firebase-admin.ts';
import { findLoginCandidate, findLoginCandidateById, type LoginCandidate } from '../session/login-repository.ts';
import { beginSignIn, type ClientInfo, type LoginOutcome } from '../session/session-service.ts';
import { deleteStaleSignInCodes, insertSignInCode, redeemSignInCode } from './social-repository.ts';

/** How long a redirect's one-time code can be exchanged. */
export const SIGN_IN_CODE_TTL_SECONDS = 60;

/** The web app's page that receives the one-time code (`?code=`) and exchanges it. */
export const SOCIAL_SIGN_IN_PATH = '/socialSignIn';

/** Unknown address, disabled user, unverified address: one answer, so that none is told apart. */
const accountRefused = () =>
  new ApiError(401, ERROR_CODES.INVALID_CREDENTIALS, 'No Freight Desk account can be signed in with this identity');

const codeRefused = () =>
  new ApiError(401, ERROR_CODES.INVALID_CREDENTIALS, 'The sign-in code is not valid, was already used or has expired');

const system = { role: 'freight_system', companyId: null } as const;

/** The audit's `method`: `google` for Google, else the provider's own id (`password`, `apple.com`, …). */
function signInMethod(provider: string): string {
  return provider === 'google.com' ? 'google' : provider;
}

/**
 * An address counts only when the provider vouches for it: verified, or a Google account (Google
 * owns the address; the emulator and Google itself set `email_verified`, but older tokens did not).
 */
function vouchedEmail(identity: VerifiedIdentity): string | undefined {
  if (!identity.email) return undefined;
  return identity.emailVerified || identity.signInProvider === 'google.com' ? identity.email : undefined;
}

/** Verifies the ID token and finds the enabled product user it names; a refusal is audited, then thrown. */
async function userForIdentity(
  deps: ServiceDeps,
  idToken: string,
  client: ClientInfo,
): Promise<{ user: LoginCandidate; method: string }> {
  const identity = await verifyIdentityToken(deps.config, idToken);
  const method = signInMethod(identity.signInProvider);
  const email = vouchedEmail(identity);
  const user = email ? await deps.db.transaction(system, (tx) => findLoginCandidate(tx, email)) : undefined;
  if (!user) throw accountRefused();
  if (user.disabled) {
    await deps.db.transaction(system, (tx) =>
      recordAudit(tx, {
        companyId: user.companyId,
        actorUserId: user.userId,
        action: 'auth.login_failed',
        entity: 'user',
        entityId: user.userId,
        changes: { ip: client.ip, method, reason: 'disabled' },
        requestId: client.requestId,
      }),
    );
    throw accountRefused();
  }
  return { user, method };
}

/** `POST /auth/social/login`: the product session at once (or the company's second factor first). */
export async function socialLogin(deps: ServiceDeps, idToken: string, client: ClientInfo): Promise<LoginOutcome> {
  const { user, method } = await userForIdentity(deps, idToken, client);
  return deps.db.transaction(system, (tx) => beginSignIn(deps, tx, user, client, method));
}

/** `POST /auth/social/login` with `redirect: true`: where to send the browser, with a one-time code. */
export async function socialLoginRedirect(deps: ServiceDeps, idToken: string, client: ClientInfo): Promise<string> {
  const { user, method } = await userForIdentity(deps, idToken, client);
  const code = randomBytes(32).toString('base64url');
  const now = deps.now();
  await deps.db.transaction(system, async (tx) => {
    await deleteStaleSignInCodes(tx, now);
    await insertSignInCode(tx, {
      hash: hashToken(code),
      companyId: user.companyId,
      userId: user.userId,
      provider: method,
      expiresAt: new Date(now.getTime() + SIGN_IN_CODE_TTL_SECONDS * 1000),
    });
  });
  return `${deps.config.publicWebUrl}${SOCIAL_SIGN_IN_PATH}?code=${code}`;
}

/**
 * `POST /auth/social/exchange`: the one-time code becomes the product session (or the company's second
 * factor first), once, within 60 s.
 */
export async function exchangeSignInCode(deps: ServiceDeps, code: string, client: ClientInfo): Promise<LoginOutcome> {
  const outcome = await deps.db.transaction(system, async (tx) => {
    const redeemed = await redeemSignInCode(tx, hashToken(code), deps.now());
    const user = redeemed && (await findLoginCandidateById(tx, redeemed.userId));
    return redeemed && user && !user.disabled ? beginSignIn(deps, tx, user, client, redeemed.provider) : undefined;
  });
  if (!outcome) throw codeRefused();
  return outcome;
}
