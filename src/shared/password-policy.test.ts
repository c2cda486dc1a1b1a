import { describe, expect, it } from 'vitest';
import {
  checkPassword,
  DEFAULT_PASSWORD_POLICY,
  describePasswordFailure,
  policyRules,
  type PasswordPolicy,
} from './password-policy.ts';

const strict: PasswordPolicy = {
  ...DEFAULT_PASSWORD_POLICY,
  minLength: 8,
  maxLength: 12,
  requireLowercase: true,
  requireUppercase: true,
  requireNumeric: true,
  requireNonAlphanumeric: true,
  enforcementState: 'ENFORCE',
};

describe('checkPassword', () => {
  it('applies the SPEC defaults: at least 6 characters, nothing else', () => {
    expect(checkPassword(DEFAULT_PASSWORD_POLICY, 'abcdef')).toEqual({ ok: true, failures: [] });
    expect(checkPassword(DEFAULT_PASSWORD_POLICY, 'abcde')).toEqual({ ok: false, failures: ['TOO_SHORT'] });
    expect(DEFAULT_PASSWORD_POLICY).toMatchObject({ minLength: 6, enforcementState: 'OFF', schemaVersion: 1 });
  });

  it('counts characters, not UTF-16 units', () => {
    expect(checkPassword(DEFAULT_PASSWORD_POLICY, '🚢🚢🚢🚢🚢').failures).toEqual(['TOO_SHORT']);
    expect(checkPassword(DEFAULT_PASSWORD_POLICY, '🚢🚢🚢🚢🚢🚢').ok).toBe(true);
  });

  it('never goes below 6 even when a policy says less', () => {
    expect(checkPassword({ ...DEFAULT_PASSWORD_POLICY, minLength: 2 }, 'abc').failures).toEqual(['TOO_SHORT']);
  });

  it('lists every unmet requirement of an enforced policy', () => {
    expect(checkPassword(strict, 'abc').failures).toEqual([
      'TOO_SHORT',
      'MISSING_UPPERCASE',
      'MISSING_NUMERIC',
      'MISSING_NON_ALPHANUMERIC',
    ]);
    expect(checkPassword(strict, 'ABCDEFGHIJKLM').failures).toEqual([
      'TOO_LONG',
      'MISSING_LOWERCASE',
      'MISSING_NUMERIC',
      'MISSING_NON_ALPHANUMERIC',
    ]);
    expect(checkPassword(strict, 'Freight!2026')).toEqual({ ok: true, failures: [] });
  });

  it('counts only the allowed special characters', () => {
    const policy = { ...strict, allowedNonAlphanumeric: '!' };
    expect(checkPassword(policy, 'Freight#2026').failures).toEqual(['MISSING_NON_ALPHANUMERIC']);
    expect(checkPassword(policy, 'Freight!2026').ok).toBe(true);
  });

  it('applies only the length bounds when enforcement is off', () => {
    const off = { ...strict, enforcementState: 'OFF' as const };
    expect(checkPassword(off, 'abcdefgh')).toEqual({ ok: true, failures: [] });
    expect(checkPassword(off, 'abc').failures).toEqual(['TOO_SHORT']);
  });

  it('describes each failure without repeating the password', () => {
    expect(describePasswordFailure(strict, 'TOO_SHORT')).toBe('Use at least 8 characters.');
    expect(describePasswordFailure(strict, 'TOO_LONG')).toBe('Use at most 12 characters.');
    expect(describePasswordFailure(strict, 'COMMON_PASSWORD')).toMatch(/too common/);
  });
});

describe('policyRules', () => {
  it('lists the length rule always, then each rule the policy turns on, in the checklist order', () => {
    expect(policyRules(DEFAULT_PASSWORD_POLICY)).toEqual(['TOO_SHORT']);
    expect(policyRules(strict)).toEqual([
      'TOO_SHORT',
      'TOO_LONG',
      'MISSING_LOWERCASE',
      'MISSING_UPPERCASE',
      'MISSING_NUMERIC',
      'MISSING_NON_ALPHANUMERIC',
    ]);
    expect(policyRules({ ...DEFAULT_PASSWORD_POLICY, requireNumeric: true })).toEqual(['TOO_SHORT', 'MISSING_NUMERIC']);
  });
});
