/**
 * Access-token verification, including the cache of verified tokens: a token is accepted only as it was
 * signed, and its expiry is judged on every call however often it was seen before.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTokenService } from './token-service.ts';

const key = new TextEncoder().encode('k'.repeat(48));
const service = () =>
  createTokenService({ key, audience: 'freight-desk-test', accessTokenTtl: 60, refreshTokenTtl: 3600 });
const claims = { userId: randomUUID(), companyId: randomUUID(), sessionId: randomUUID() };
const at = (seconds: number) => new Date(Date.UTC(2026, 10, 22, 8, 0, 0) + seconds * 1000);

describe('access tokens', () => {
  it('accepts a token until its expiry and calls it expired from then on, also once verified before', async () => {
    const tokens = service();
    const token = await tokens.signAccessToken(claims, at(0));
    expect(await tokens.verifyAccessToken(token, at(1))).toEqual({ ok: true, claims, expired: false });
    expect(await tokens.verifyAccessToken(token, at(59))).toEqual({ ok: true, claims, expired: false });
    expect(await tokens.verifyAccessToken(token, at(60))).toEqual({ ok: false, reason: 'expired', claims });
    // A fresh service (nothing remembered) judges the same way.
    expect(await service().verifyAccessToken(token, at(60))).toEqual({ ok: false, reason: 'expired', claims });
  });

  it('refuses a token whose payload or signature was changed, even right after the original was accepted', async () => {
    const tokens = service();
    const token = await tokens.signAccessToken(claims, at(0));
    expect((await tokens.verifyAccessToken(token, at(1))).ok).toBe(true);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const otherClaims = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), cid: randomUUID() }),
    ).toString('base64url');
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await tokens.verifyAccessToken(`${header}.${otherClaims}.${signature}`, at(1))).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(await tokens.verifyAccessToken(`${header}.${payload}.${flipped}`, at(1))).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('refuses a token signed with another key or for another environment', async () => {
    const other = createTokenService({
      key: new TextEncoder().encode('x'.repeat(48)),
      audience: 'freight-desk-test',
      accessTokenTtl: 60,
      refreshTokenTtl: 3600,
    });
    const foreign = createTokenService({
      key,
      audience: 'freight-desk-prod',
      accessTokenTtl: 60,
      refreshTokenTtl: 3600,
    });
    const tokens = service();
    expect((await tokens.verifyAccessToken(await other.signAccessToken(claims, at(0)), at(1))).ok).toBe(false);
    expect((await tokens.verifyAccessToken(await foreign.signAccessToken(claims, at(0)), at(1))).ok).toBe(false);
  });
});
