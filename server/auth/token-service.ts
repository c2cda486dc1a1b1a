/**
 * Access tokens are HS256 JWTs `{ sub: userId, cid: companyId, sid: sessionId }` with issuer, audience
 * (the environment) and expiry. Refresh tokens are opaque: `<sessionId>.<32 random bytes>`, stored only
 * as a SHA-256 hash.
 */
import { createHash, randomBytes } from 'node:crypto';
import { compactVerify, errors as joseErrors, jwtVerify, SignJWT } from 'jose';

export const ISSUER = 'freight-desk';

export interface AccessClaims {
  userId: string;
  companyId: string;
  sessionId: string;
}

export type VerifyResult =
  | { ok: true; claims: AccessClaims; expired: boolean }
  | { ok: false; reason: 'expired' | 'invalid'; claims?: AccessClaims };

export interface TokenService {
  accessTokenTtl: number;
  refreshTokenTtl: number;
  signAccessToken(claims: AccessClaims, now: Date): Promise<string>;
  /** Verifies signature, issuer, audience and expiry. */
  verifyAccessToken(token: string, now: Date): Promise<VerifyResult>;
  /** Verifies signature, issuer and audience only: an expired token still names its session. */
  verifyIgnoringExpiry(token: string): Promise<AccessClaims | undefined>;
  newRefreshToken(sessionId: string): { token: string; hash: string };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The session a refresh token belongs to, or undefined when it is not of our shape. */
export function refreshTokenSession(token: string): string | undefined {
  const [sessionId, secret] = token.split('.');
  return sessionId && secret && UUID.test(sessionId) && secret.length >= 40 ? sessionId : undefined;
}

function claimsFrom(payload: Record<string, unknown>): AccessClaims | undefined {
  const { sub, cid, sid } = payload;
  if (typeof sub !== 'string' || typeof cid !== 'string' || typeof sid !== 'string') return undefined;
  if (!UUID.test(sub) || !UUID.test(cid) || !UUID.test(sid)) return undefined;
  return { userId: sub, companyId: cid, sessionId: sid };
}

/** Reads `Bearer <token>`; undefined when absent or of another scheme. */
export function bearer(header: string | string[] | undefined): string | undefined {
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S{1,4096})$/i.exec(header.trim());
  return match?.[1];
}

/** How many verified access tokens are remembered (about 1 KB each). */
const VERIFIED_TOKEN_CACHE_SIZE = 10_000;

interface VerifiedToken {
  claims: AccessClaims;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

/**
 * Access tokens whose signature has been verified, keyed by the whole token string: a token's signature,
 * issuer and audience never change, so each is checked once (HMAC via WebCrypto was about 13 % of the CPU
 * of an authenticated call); the expiry is still checked on every call, and the session behind the token
 * is checked in the database on every call. Bounded; the oldest entry goes first.
 */
class VerifiedTokenCache {
  private readonly entries = new Map<string, VerifiedToken>();
  constructor(private readonly capacity: number) {}

  get(token: string): VerifiedToken | undefined {
    return this.entries.get(token);
  }

  remember(token: string, entry: VerifiedToken): void {
    if (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(token, entry);
  }
}

export function createTokenService(options: {
  key: Uint8Array;
  audience: string;
  accessTokenTtl: number;
  refreshTokenTtl: number;
}): TokenService {
  const { key, audience } = options;
  const verified = new VerifiedTokenCache(VERIFIED_TOKEN_CACHE_SIZE);
  return {
    accessTokenTtl: options.accessTokenTtl,
    refreshTokenTtl: options.refreshTokenTtl,
    async signAccessToken(claims, now) {
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT({ cid: claims.companyId, sid: claims.sessionId, typ: 'access' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setAudience(audience)
        .setIssuedAt(iat)
        .setExpirationTime(iat + options.accessTokenTtl)
        .sign(key);
    },
    async verifyAccessToken(token, now) {
      const known = verified.get(token);
      if (known) {
        // Signature, issuer, audience and shape were checked when it was first seen; expiry is checked now.
        return known.exp > now.getTime() / 1000
          ? { ok: true, claims: known.claims, expired: false }
          : { ok: false, reason: 'expired', claims: known.claims };
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience,
          currentDate: now,
          typ: 'JWT',
        });
        const claims = claimsFrom(payload);
        if (!claims || payload.typ !== 'access' || typeof payload.exp !== 'number')
          return { ok: false, reason: 'invalid' };
        verified.remember(token, { claims, exp: payload.exp });
        return { ok: true, claims, expired: false };
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) {
          const claims = claimsFrom(error.payload);
          return claims ? { ok: false, reason: 'expired', claims } : { ok: false, reason: 'invalid' };
        }
        return { ok: false, reason: 'invalid' };
      }
    },
    async verifyIgnoringExpiry(token) {
      try {
        const { payload } = await compactVerify(token, key, { algorithms: ['HS256'] });
        const parsed = JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>;
        if (parsed.iss !== ISSUER || parsed.aud !== audience || parsed.typ !== 'access') return undefined;
        return claimsFrom(parsed);
      } catch {
        return undefined;
      }
    },
    newRefreshToken(sessionId) {
      const token = `${sessionId}.${randomBytes(32).toString('base64url')}`;
      return { token, hash: hashToken(token) };
    },
  };
}
