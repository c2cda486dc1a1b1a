/** "Resend the e-mail" of the unverified banner, a chunk loaded on its click (the first load stays small). */
import { apiCall } from '../lib/api/api-client';
import { t } from '../lib/i18n/i18n';
import { formMessageOf } from '../lib/resource-kit/server-field-errors';
import { showToast } from '../lib/ui/toast-store';
import { okAnswerSchema } from '../shared/contracts/account-recovery';

export async function resendVerification(email: string): Promise<void> {
  try {
    await apiCall('iamserver', '/auth/send-verify-email', okAnswerSchema, { method: 'POST', body: '{}' });
    showToast({ status: 'success', title: t('banner.resent', { email }) });
  } catch (failure) {
    showToast({ status: 'error', title: formMessageOf(failure) });
  }
}
