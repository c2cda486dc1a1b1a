import { describe, expect, it } from 'vitest';
import type { App } from '../../../http/build-service-app.ts';
import { isApiError } from '../../../http/api-error.ts';
import { setUpTestApp } from '../../../testing/test-apps.ts';
import {
  assertAcceptablePassword,
  checkAcceptablePassword,
  isCommonPassword,
  loadPasswordPolicy,
} from './password-policy-service.ts';

let app: App;

setUpTestApp('iamserver', (built) => ({ app } = built));

describe('the product password policy', () => {
  it('is published without sign-in', async () => {
    const res = await app.inject({ method: 'GET', url: '/iamserver/api/v1/auth/password-policy' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        minLength: 6,
        maxLength: 128,
        requireLowercase: false,
        requireUppercase: false,
        requireNumeric: false,
        requireNonAlphanumeric: false,
        allowedNonAlphanumeric: expect.any(String),
        enforcementState: 'ENFORCE',
        schemaVersion: 1,
      },
    });
  });

  it('is configured from the environment, never below 6 characters', () => {
    expect(
      loadPasswordPolicy({
        PASSWORD_MIN_LENGTH: '10',
        PASSWORD_MAX_LENGTH: '0',
        PASSWORD_REQUIRE_UPPERCASE: '1',
        PASSWORD_REQUIRE_NON_ALPHANUMERIC: 'true',
        PASSWORD_POLICY_ENFORCEMENT: 'OFF',
      }),
    ).toMatchObject({ minLength: 10, requireUppercase: true, requireNonAlphanumeric: true, enforcementState: 'OFF' });
    expect(loadPasswordPolicy({ PASSWORD_MAX_LENGTH: '0' }).maxLength).toBeUndefined();
    expect(loadPasswordPolicy({ PASSWORD_MIN_LENGTH: '3' }).minLength).toBe(6);
    expect(() => loadPasswordPolicy({ PASSWORD_MIN_LENGTH: 'six' })).toThrow(/PASSWORD_MIN_LENGTH/);
    expect(() => loadPasswordPolicy({ PASSWORD_POLICY_ENFORCEMENT: 'MAYBE' })).toThrow(/ENFORCE or OFF/);
    expect(() => loadPasswordPolicy({ PASSWORD_MIN_LENGTH: '20', PASSWORD_MAX_LENGTH: '10' })).toThrow(
      /maximum|minimum/,
    );
  });
});

describe('assertAcceptablePassword', () => {
  it('accepts a good password', () => {
    expect(() => assertAcceptablePassword('Freight!2026')).not.toThrow();
    expect(checkAcceptablePassword('Harbour-Crane-42')).toEqual({ ok: true, failures: [] });
  });

  it('rejects the most common breached passwords whatever their case', () => {
    for (const password of ['123456', 'password', 'qwerty123', 'Iloveyou', 'LETMEIN']) {
      expect(isCommonPassword(password)).toBe(true);
    }
    expect(isCommonPassword('Harbour-Crane-42')).toBe(false);
    expect(checkAcceptablePassword('password1').failures).toEqual(['COMMON_PASSWORD']);
  });

  it('throws 400 VALIDATION_FAILED naming body.password and never the password', () => {
    let thrown: unknown;
    try {
      assertAcceptablePassword('abc');
    } catch (error) {
      thrown = error;
    }
    expect(isApiError(thrown)).toBe(true);
    if (!isApiError(thrown)) return;
    expect(thrown.status).toBe(400);
    expect(thrown.code).toBe('VALIDATION_FAILED');
    expect(thrown.details).toEqual([{ path: 'body.password', message: 'Use at least 6 characters.' }]);
    expect(JSON.stringify(thrown.details) + thrown.message).not.toContain('abc');
  });

  it('can name another field', () => {
    expect(() => assertAcceptablePassword('x'.repeat(200), { path: 'body.newPassword' })).toThrow(
      expect.objectContaining({ details: [{ path: 'body.newPassword', message: 'Use at most 128 characters.' }] }),
    );
  });
});
