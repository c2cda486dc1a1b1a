import { apiCall } from '../../../lib/api/api-client';
import {
  okWithEmailAnswerSchema,
  validUrlAnswerSchema,
  type ValidUrlAnswer,
} from '../../../shared/contracts/account-recovery';
import { passwordPolicySchema } from '../../../shared/contracts/session';
import type { PasswordPolicy } from '../../../shared/password-policy';

const post = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body) });

/** Whether a reset or invitation link can still be used, and for which address. */
export function checkAccountLink(token: string): Promise<ValidUrlAnswer> {
  return apiCall('iamserver', '/auth/valid-url', validUrlAnswerSchema, post({ token }));
}

export function getPasswordPolicy(): Promise<PasswordPolicy> {
  return apiCall('iamserver', '/auth/password-policy', passwordPolicySchema);
}

/** Sets the password of a reset link, or the first password of an invitation. */
export function setPasswordWithLink(kind: 'reset' | 'invite', token: string, password: string): Promise<unknown> {
  const path = kind === 'invite' ? '/auth/accept-invitation' : '/auth/reset-password';
  return apiCall('iamserver', path, okWithEmailAnswerSchema, post({ token, password }));
}
