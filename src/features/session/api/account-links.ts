import { apiFetch } from '../../../lib/api/api-client';
import type { PasswordPolicy } from '../../../shared/password-policy';

const post = <T>(path: string, body: unknown) =>
  apiFetch<{ data: T }>('iamserver', path, { method: 'POST', body: JSON.stringify(body) }).then((r) => r.data);

/** Whether a reset or invitation link can still be used, and for which address. */
export function checkAccountLink(token: string): Promise<{ valid: boolean; emailId?: string }> {
  return post('/auth/valid-url', { token });
}

export function getPasswordPolicy(): Promise<PasswordPolicy> {
  return apiFetch<{ data: PasswordPolicy }>('iamserver', '/auth/password-policy').then((r) => r.data);
}

/** Sets the password of a reset link, or the first password of an invitation. */
export function setPasswordWithLink(kind: 'reset' | 'invite', token: string, password: string): Promise<unknown> {
  return post(kind === 'invite' ? '/auth/accept-invitation' : '/auth/reset-password', { token, password });
}
