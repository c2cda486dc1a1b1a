import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { completeSignIn } from '../../lib/session/session-store';
import { exchangeSocialCode } from './api/sign-in';
import { FormMessage } from './text-field';

/**
 * /socialSignIn?code=…: trades the one-time code of a social sign-in redirect for the session tokens,
 * then the dashboard; any failure goes to /socialSignIn/failure.
 */
export function SocialSignInScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get('code') ?? '';
  // The code is single-use: StrictMode's second effect run must not spend it again.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        if (!code) throw new Error('no sign-in code');
        await completeSignIn(await exchangeSocialCode(code));
        await navigate('/dashboard', { replace: true });
      } catch {
        await navigate('/socialSignIn/failure', { replace: true });
      }
    })();
  }, [code, navigate]);

  return <FormMessage tone="info">Signing you in…</FormMessage>;
}
