import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { t } from '../../lib/i18n/i18n';
import { showToast } from '../../lib/ui/toast-store';

/** /socialSignIn/failure shows no screen (docs/product-rules.md section 2): back to /login, with a message. */
export function SocialSignInFailureScreen() {
  useEffect(() => {
    showToast({ id: 'social-sign-in-failed', status: 'error', title: t('social.failed') });
  }, []);
  return <Navigate to="/login" replace />;
}
