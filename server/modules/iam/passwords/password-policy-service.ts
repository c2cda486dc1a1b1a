/**
 * The product's one password policy, read from the environment once, and the check every password the
 * server accepts goes through: the shared policy rules (src/shared/password-policy.ts) plus a list of the
 * 10,000 most common breached passwords (password-policy-common-passwords.txt, where its origin is noted).
 *
 * Environment (all optional): PASSWORD_MIN_LENGTH (default 6, never below 6), PASSWORD_MAX_LENGTH
 * (default 128, `0` for none), PASSWORD_REQUIRE_LOWERCASE / _UPPERCASE / _NUMERIC / _NON_ALPHANUMERIC
 * (`1` to require), PASSWORD_ALLOWED_NON_ALPHANUMERIC, PASSWORD_POLICY_ENFORCEMENT (`ENFORCE` default, or `OFF`).
 */
import { readFileSync } from 'node:fs';
import { ERROR_CODES } from '../../../../src/shared/api-envelope.ts';
import {
  checkPassword,
  DEFAULT_ALLOWED_NON_ALPHANUMERIC,
  describePasswordFailure,
  PASSWORD_MIN_LENGTH_FLOOR,
  type PasswordCheck,
  type PasswordPolicy,
} from '../../../../src/shared/password-policy.ts';
import { ApiError } from '../../../http/api-error.ts';

/** The server's default: docs/product-rules.md's minimum of 6, a maximum that bounds hashing cost, enforced. */
const DEFAULT_MAX_LENGTH = 128;

function flag(value: string | undefined): boolean {
  return value === '1' || value === 'true';
}

function whole(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return n;
}

export function loadPasswordPolicy(env: NodeJS.ProcessEnv = process.env): PasswordPolicy {
  const minLength = Math.max(
    PASSWORD_MIN_LENGTH_FLOOR,
    whole(env.PASSWORD_MIN_LENGTH, PASSWORD_MIN_LENGTH_FLOOR, 'PASSWORD_MIN_LENGTH'),
  );
  const maxLength = whole(env.PASSWORD_MAX_LENGTH, DEFAULT_MAX_LENGTH, 'PASSWORD_MAX_LENGTH');
  if (maxLength !== 0 && maxLength < minLength) throw new Error('PASSWORD_MAX_LENGTH must not be below the minimum');
  const enforcement = env.PASSWORD_POLICY_ENFORCEMENT ?? 'ENFORCE';
  if (enforcement !== 'ENFORCE' && enforcement !== 'OFF') {
    throw new Error(`PASSWORD_POLICY_ENFORCEMENT must be ENFORCE or OFF, got "${enforcement}"`);
  }
  return {
    minLength,
    ...(maxLength === 0 ? {} : { maxLength }),
    requireLowercase: flag(env.PASSWORD_REQUIRE_LOWERCASE),
    requireUppercase: flag(env.PASSWORD_REQUIRE_UPPERCASE),
    requireNumeric: flag(env.PASSWORD_REQUIRE_NUMERIC),
    requireNonAlphanumeric: flag(env.PASSWORD_REQUIRE_NON_ALPHANUMERIC),
    allowedNonAlphanumeric: env.PASSWORD_ALLOWED_NON_ALPHANUMERIC || DEFAULT_ALLOWED_NON_ALPHANUMERIC,
    enforcementState: enforcement,
    schemaVersion: 1,
  };
}

let productPolicy: PasswordPolicy | undefined;

/** The policy published at `GET /auth/password-policy` and enforced on every password the server accepts. */
export function productPasswordPolicy(): PasswordPolicy {
  return (productPolicy ??= loadPasswordPolicy());
}

let commonPasswords: Set<string> | undefined;

function loadCommonPasswords(): Set<string> {
  const text = readFileSync(new URL('./password-policy-common-passwords.txt', import.meta.url), 'utf8');
  return new Set(
    text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
}

/** Case-insensitive: "Password1" is as guessable as "password1". */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= loadCommonPasswords();
  return commonPasswords.has(password.toLowerCase());
}

/** The policy check plus the breached-password list. */
export function checkAcceptablePassword(password: string, policy = productPasswordPolicy()): PasswordCheck {
  const result = checkPassword(policy, password);
  if (isCommonPassword(password)) result.failures.push('COMMON_PASSWORD');
  return { ok: result.failures.length === 0, failures: result.failures };
}

/**
 * Throws `400 VALIDATION_FAILED` with `details: [{ path: 'body.password', message }]` when the password is not
 * acceptable. The message describes the rule, never the password.
 */
export function assertAcceptablePassword(
  password: string,
  options: { path?: string; policy?: PasswordPolicy } = {},
): void {
  const policy = options.policy ?? productPasswordPolicy();
  const { ok, failures } = checkAcceptablePassword(password, policy);
  if (ok) return;
  const path = options.path ?? 'body.password';
  throw new ApiError(400, ERROR_CODES.VALIDATION_FAILED, 'The password does not meet the password policy', {
    details: failures.map((failure) => ({ path, message: describePasswordFailure(policy, failure) })),
  });
}
