import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { showToast } from '../../lib/ui/toast-store';

export const SOCIAL_SIGN_IN_FAILED_MESSAGE = 'Signing in with your social account failed. Please try again.';

/** /socialSignIn/failure shows no screen (SPEC.md section 2): back to /login, with a message. */
export function SocialSignInFailureScreen() {
  useEffect(() => {
    showToast({ id: 'social-sign-in-failed', status: 'error', title: SOCIAL_SIGN_IN_FAILED_MESSAGE });
  }, []);
  return <Navigate to="/login" replace />;
}
