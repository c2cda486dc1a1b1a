/**
 * Signing in and the session's token life cycle: issue, renew the access token, rotate the refresh
 * token (with reuse detection), revoke.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { ERROR_CODES, ERROR_MESSAGES } from '../../../../src/shared/api-envelope.ts';
import { recordAudit } from '../../../audit/audit-repository.ts';
import {
  createSession,
  insertRefreshToken,
  lockRefreshToken,
  markRefreshTokenUsed,
  revokeSession,
  type RefreshTokenRow,
} from '../../../auth/session-repository.ts';
import { hashToken, refreshTokenSession, type AccessClaims } from '../../../auth/token-service.ts';
import type { Queryable } from '../../../db/database.ts';
import { ApiError } from '../../../http/api-error.ts';
import type { ServiceDeps } from '../../../http/build-service-app.ts';
import { enqueueMail } from '../../mail/outbox-repository.ts';
import { renderProductMail } from '../../mail/templates/product-mail.ts';
import {
  createTwoFactorChallenge,
  findLoginCandidate,
  findLoginCandidateById,
  lockTwoFactorChallenge,
  recordChallengeAttempt,
  type LoginCandidate,
} from './login-repository.ts';
import { releaseTry, reserveTry, throttleKeys } from './login-throttle.ts';
import { verifyPassword } from '../passwords/password-hash.ts';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export interface ClientInfo {
  ip: string;
  userAgent: string;
  requestId: string;
}

export const TWO_FACTOR_TTL_SECONDS = 10 * 60;
export const TWO_FACTOR_MAX_ATTEMPTS = 5;

export const invalidCredentials = () =>
  new ApiError(401, ERROR_CODES.INVALID_CREDENTIALS, 'The e-mail address or password is not correct');
export const refreshTokenInvalid = () =>
  new ApiError(401, ERROR_CODES.REFRESH_TOKEN_INVALID, ERROR_MESSAGES.REFRESH_TOKEN_INVALID);
const invalidCode = () => new ApiError(401, ERROR_CODES.INVALID_CREDENTIALS, 'The code is not correct or has expired');

const system = { role: 'freight_system', companyId: null } as const;

async function issueTokens(
  deps: ServiceDeps,
  tx: Queryable,
  sessionId: string,
  user: AccessClaims,
): Promise<TokenPair> {
  const now = deps.now();
  const refresh = deps.tokens.newRefreshToken(sessionId);
  await insertRefreshToken(tx, {
    hash: refresh.hash,
    sessionId,
    companyId: user.companyId,
    issuedAt: now,
    expiresAt: new Date(now.getTime() + deps.tokens.refreshTokenTtl * 1000),
  });
  const accessToken = await deps.tokens.signAccessToken(user, now);
  return { accessToken, refreshToken: refresh.token };
}

/** Opens a session for a user who has proven who they are (password, code, or an identity provider). */
export async function startSession(
  deps: ServiceDeps,
  tx: Queryable,
  user: { userId: string; companyId: string },
  client: ClientInfo,
  method = 'password',
): Promise<TokenPair> {
  const sessionId = await createSession(tx, { companyId: user.companyId, userId: user.userId, ...client });
  await recordAudit(tx, {
    companyId: user.companyId,
    actorUserId: user.userId,
    action: 'auth.login',
    entity: 'session',
    entityId: sessionId,
    changes: { ip: client.ip, method },
    requestId: client.requestId,
  });
  return issueTokens(deps, tx, sessionId, { userId: user.userId, companyId: user.companyId, sessionId });
}

function codeHash(deps: ServiceDeps, challengeSalt: string, code: string): string {
  return createHmac('sha256', deps.config.tokenAudience).update(`${challengeSalt}:${code}`).digest('hex');
}

export type LoginOutcome = { kind: 'tokens'; tokens: TokenPair } | { kind: 'two-factor'; challengeId: string };

/**
 * The step after a first factor (a password, or an identity provider's token): the session at once, or,
 * when the user's company requires two-factor sign-in, a challenge whose 6-digit code is mailed. Every
 * way in goes through here, so no first factor skips the company's second one.
 */
export async function beginSignIn(
  deps: ServiceDeps,
  tx: Queryable,
  user: LoginCandidate,
  client: ClientInfo,
  method: string,
): Promise<LoginOutcome> {
  if (!user.twoFactorAuth) return { kind: 'tokens', tokens: await startSession(deps, tx, user, client, method) };

  const now = deps.now();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const salt = `${user.userId}:${now.getTime()}`;
  const challengeId = await createTwoFactorChallenge(tx, {
    companyId: user.companyId,
    userId: user.userId,
    codeHash: `${salt}$${codeHash(deps, salt, code)}`,
    expiresAt: new Date(now.getTime() + TWO_FACTOR_TTL_SECONDS * 1000),
    method,
  });
  const validMinutes = String(Math.round(TWO_FACTOR_TTL_SECONDS / 60));
  const mail = await renderProductMail(
    tx,
    user.companyId,
    'two-factor-code',
    { userName: user.name, code, validMinutes },
    () => ({
      subject: 'Your Freight Desk sign-in code',
      text: `Your sign-in code is ${code}. It is valid for ${validMinutes} minutes. If you did not try to sign in, change your password.`,
      html: `<p>Your sign-in code is <strong>${code}</strong>.</p><p>It is valid for ${validMinutes} minutes. If you did not try to sign in, change your password.</p>`,
    }),
  );
  await enqueueMail(tx, { companyId: user.companyId, to: [user.email], kind: 'two_factor_code', ...mail });
  return { kind: 'two-factor', challengeId };
}

export async function login(
  deps: ServiceDeps,
  credentials: { emailId: string; password: string },
  client: ClientInfo,
): Promise<LoginOutcome> {
  const keys = throttleKeys(credentials.emailId, client.ip);
  const now = deps.now();
  // Committed before the slow check, so that tries sent at once queue on the same allowance.
  const reserved = await deps.db.transaction(system, (tx) => reserveTry(tx, keys, now));

  const user = await deps.db.transaction(system, (tx) => findLoginCandidate(tx, credentials.emailId));
  const passwordOk = await verifyPassword(credentials.password, user?.passwordHash);

  // A failure (already counted by the reservation) is audited and committed before the call fails.
  const outcome = await deps.db.transaction(system, async (tx): Promise<LoginOutcome | undefined> => {
    if (!user || !passwordOk || user.disabled) {
      if (user) {
        await recordAudit(tx, {
          companyId: user.companyId,
          actorUserId: user.userId,
          action: 'auth.login_failed',
          entity: 'user',
          entityId: user.userId,
          changes: { ip: client.ip, reason: user.disabled && passwordOk ? 'disabled' : 'password' },
          requestId: client.requestId,
        });
      }
      return undefined;
    }
    await releaseTry(tx, reserved, now);
    return beginSignIn(deps, tx, user, client, 'password');
  });
  if (!outcome) throw invalidCredentials();
  return outcome;
}

export async function verifyTwoFactorCode(
  deps: ServiceDeps,
  input: { challengeId: string; code: string },
  client: ClientInfo,
): Promise<TokenPair> {
  const now = deps.now();
  // Attempts are recorded in their own transaction so that a wrong code counts even though the call fails.
  const outcome = await deps.db.transaction(system, async (tx) => {
    const challenge = await lockTwoFactorChallenge(tx, input.challengeId);
    if (
      !challenge ||
      challenge.consumed ||
      challenge.expiresAt <= now ||
      challenge.attempts >= TWO_FACTOR_MAX_ATTEMPTS
    ) {
      return undefined;
    }
    const [salt, expected] = challenge.codeHash.split('$') as [string, string];
    const actual = codeHash(deps, salt, input.code);
    const ok = timingSafeEqual(Buffer.from(actual, 'hex'), Buffer.from(expected, 'hex'));
    await recordChallengeAttempt(tx, challenge.id, ok);
    if (!ok) return undefined;
    const user = await findLoginCandidateById(tx, challenge.userId);
    return user && !user.disabled ? startSession(deps, tx, user, client, challenge.method) : undefined;
  });
  if (!outcome) throw invalidCode();
  return outcome;
}

/** Finds and locks the presented refresh token; a used one revokes its whole session (reuse). */
async function consumeCheck(
  deps: ServiceDeps,
  tx: Queryable,
  refreshToken: string,
  accessClaims: AccessClaims | undefined,
  client: ClientInfo,
): Promise<{ row: RefreshTokenRow; hash: string }> {
  const sessionId = refreshTokenSession(refreshToken);
  if (!sessionId) throw refreshTokenInvalid();
  const hash = hashToken(refreshToken);
  const row = await lockRefreshToken(tx, hash);
  if (!row || row.sessionId !== sessionId) throw refreshTokenInvalid();
  if (accessClaims && accessClaims.sessionId !== row.sessionId) throw refreshTokenInvalid();
  if (row.usedAt) {
    if (await revokeSession(tx, row.sessionId, 'refresh_token_reuse')) {
      await recordAudit(tx, {
        companyId: row.companyId,
        actorUserId: row.userId,
        action: 'auth.refresh_token_reuse',
        entity: 'session',
        entityId: row.sessionId,
        changes: { ip: client.ip },
        requestId: client.requestId,
      });
    }
    return Promise.reject(Object.assign(refreshTokenInvalid(), { commit: true }));
  }
  if (row.sessionRevoked || row.userDisabled || row.expiresAt <= deps.now()) throw refreshTokenInvalid();
  return { row, hash };
}

/**
 * Runs `fn` in a system transaction that commits even when `fn` rejects with an error marked `commit`
 * (reuse detection must revoke the session although the call itself fails).
 */
async function committingTransaction<T>(deps: ServiceDeps, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  let marked: unknown;
  const result = await deps.db.transaction(system, async (tx) => {
    try {
      return await fn(tx);
    } catch (error) {
      if ((error as { commit?: boolean }).commit) {
        marked = error;
        return undefined as T;
      }
      throw error;
    }
  });
  if (marked) throw marked;
  return result;
}

/** `GET /auth/token`: a new access token for a live session; the refresh token stays valid. */
export async function renewAccessToken(
  deps: ServiceDeps,
  refreshToken: string,
  accessToken: string | undefined,
  client: ClientInfo,
): Promise<string> {
  const claims = accessToken ? await deps.tokens.verifyIgnoringExpiry(accessToken) : undefined;
  return committingTransaction(deps, async (tx) => {
    const { row } = await consumeCheck(deps, tx, refreshToken, claims, client);
    return deps.tokens.signAccessToken(
      { userId: row.userId, companyId: row.companyId, sessionId: row.sessionId },
      deps.now(),
    );
  });
}

/** `GET /auth/refresh`: both tokens renewed; the refresh token presented is used up. */
export async function rotateRefreshToken(
  deps: ServiceDeps,
  refreshToken: string,
  accessToken: string | undefined,
  client: ClientInfo,
): Promise<TokenPair> {
  const claims = accessToken ? await deps.tokens.verifyIgnoringExpiry(accessToken) : undefined;
  return committingTransaction(deps, async (tx) => {
    const { row, hash } = await consumeCheck(deps, tx, refreshToken, claims, client);
    await markRefreshTokenUsed(tx, hash, deps.now());
    return issueTokens(deps, tx, row.sessionId, {
      userId: row.userId,
      companyId: row.companyId,
      sessionId: row.sessionId,
    });
  });
}

/** `POST /auth/logout`: revokes the session named by either token at once. */
export async function logout(
  deps: ServiceDeps,
  refreshToken: string | undefined,
  accessToken: string | undefined,
  client: ClientInfo,
): Promise<boolean> {
  const claims = accessToken ? await deps.tokens.verifyIgnoringExpiry(accessToken) : undefined;
  return deps.db.transaction(system, async (tx) => {
    let target: { sessionId: string; companyId: string; userId: string } | undefined = claims;
    if (!target && refreshToken && refreshTokenSession(refreshToken)) {
      const row = await lockRefreshToken(tx, hashToken(refreshToken));
      if (row) target = row;
    }
    if (!target) return false;
    if (await revokeSession(tx, target.sessionId, 'logout')) {
      await recordAudit(tx, {
        companyId: target.companyId,
        actorUserId: target.userId,
        action: 'auth.logout',
        entity: 'session',
        entityId: target.sessionId,
        requestId: client.requestId,
      });
    }
    return true;
  });
}
