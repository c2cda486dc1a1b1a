/**
 * The password policy (docs/product-rules.md section 5): one shape, published by the server at
 * `GET /iamserver/api/v1/auth/password-policy` and checked by the same function on both sides, so that the
 * live feedback of a password field and the server's verdict never disagree.
 *
 * Pure TypeScript: no DOM, no Node APIs.
 */

import type { z } from 'zod';
import type { passwordPolicySchema } from './contracts/session';

/** The policy's shape is the answer of `GET /auth/password-policy` (./contracts/session.ts). */
export type PasswordPolicy = z.infer<typeof passwordPolicySchema>;
export type PasswordPolicyEnforcement = PasswordPolicy['enforcementState'];

/** The lowest minimum length any policy may set. */
export const PASSWORD_MIN_LENGTH_FLOOR = 6;

/** The default set of special characters (the identity provider's own). */
export const DEFAULT_ALLOWED_NON_ALPHANUMERIC = '^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+-';

/** docs/product-rules.md section 5 defaults: minimum 6, no maximum, no character requirements, enforcement off. */
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minLength: PASSWORD_MIN_LENGTH_FLOOR,
  requireLowercase: false,
  requireUppercase: false,
  requireNumeric: false,
  requireNonAlphanumeric: false,
  allowedNonAlphanumeric: DEFAULT_ALLOWED_NON_ALPHANUMERIC,
  enforcementState: 'OFF',
  schemaVersion: 1,
};

/** Why a password is refused. `COMMON_PASSWORD` comes only from the server (breached-password list). */
export const PASSWORD_FAILURES = {
  TOO_SHORT: 'TOO_SHORT',
  TOO_LONG: 'TOO_LONG',
  MISSING_LOWERCASE: 'MISSING_LOWERCASE',
  MISSING_UPPERCASE: 'MISSING_UPPERCASE',
  MISSING_NUMERIC: 'MISSING_NUMERIC',
  MISSING_NON_ALPHANUMERIC: 'MISSING_NON_ALPHANUMERIC',
  COMMON_PASSWORD: 'COMMON_PASSWORD',
} as const;

export type PasswordFailure = (typeof PASSWORD_FAILURES)[keyof typeof PASSWORD_FAILURES];

export interface PasswordCheck {
  ok: boolean;
  failures: PasswordFailure[];
}

/** A sentence per failure, for people; the code is what callers branch on. */
export function describePasswordFailure(policy: PasswordPolicy, failure: PasswordFailure): string {
  switch (failure) {
    case 'TOO_SHORT':
      return `Use at least ${policy.minLength} characters.`;
    case 'TOO_LONG':
      return `Use at most ${policy.maxLength ?? 0} characters.`;
    case 'MISSING_LOWERCASE':
      return 'Include a lowercase letter.';
    case 'MISSING_UPPERCASE':
      return 'Include an uppercase letter.';
    case 'MISSING_NUMERIC':
      return 'Include a number.';
    case 'MISSING_NON_ALPHANUMERIC':
      return `Include a special character (${policy.allowedNonAlphanumeric}).`;
    case 'COMMON_PASSWORD':
      return 'This password is too common; choose one that is harder to guess.';
  }
}

/** Checks `password` against `policy`; `failures` lists every unmet requirement that the policy enforces. */
export function checkPassword(policy: PasswordPolicy, password: string): PasswordCheck {
  const failures: PasswordFailure[] = [];
  const length = [...password].length;
  if (length < Math.max(policy.minLength, PASSWORD_MIN_LENGTH_FLOOR)) failures.push('TOO_SHORT');
  if (policy.maxLength !== undefined && length > policy.maxLength) failures.push('TOO_LONG');
  if (policy.enforcementState === 'ENFORCE') {
    if (policy.requireLowercase && !/\p{Ll}/u.test(password)) failures.push('MISSING_LOWERCASE');
    if (policy.requireUppercase && !/\p{Lu}/u.test(password)) failures.push('MISSING_UPPERCASE');
    if (policy.requireNumeric && !/[0-9]/.test(password)) failures.push('MISSING_NUMERIC');
    if (policy.requireNonAlphanumeric && ![...password].some((ch) => policy.allowedNonAlphanumeric.includes(ch))) {
      failures.push('MISSING_NON_ALPHANUMERIC');
    }
  }
  return { ok: failures.length === 0, failures };
}

/** The rules a policy shows as a checklist, in order (COMMON_PASSWORD only comes from the server). */
export function policyRules(policy: PasswordPolicy): PasswordFailure[] {
  const rules: PasswordFailure[] = [PASSWORD_FAILURES.TOO_SHORT];
  if (policy.maxLength !== undefined) rules.push(PASSWORD_FAILURES.TOO_LONG);
  if (policy.requireLowercase) rules.push(PASSWORD_FAILURES.MISSING_LOWERCASE);
  if (policy.requireUppercase) rules.push(PASSWORD_FAILURES.MISSING_UPPERCASE);
  if (policy.requireNumeric) rules.push(PASSWORD_FAILURES.MISSING_NUMERIC);
  if (policy.requireNonAlphanumeric) rules.push(PASSWORD_FAILURES.MISSING_NON_ALPHANUMERIC);
  return rules;
}
