import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useT } from '../../lib/i18n/use-t';
import { completeSignIn } from '../../lib/session/session-store';
import { exchangeSocialCode } from './api/sign-in';
import { FormMessage } from './text-field';

const TwoFactorStep = lazy(() => import('./two-factor-step'));

/**
 * /socialSignIn?code=…: trades the one-time code of a social sign-in redirect for the session tokens,
 * then the dashboard; a company with two-factor sign-in asks for the mailed code first. Any failure of the
 * exchange goes to /socialSignIn/failure.
 */
export function SocialSignInScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get('code') ?? '';
  const [challengeId, setChallengeId] = useState<string>();
  const t = useT();
  // The code is single-use: StrictMode's second effect run must not spend it again.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        if (!code) throw new Error('no sign-in code');
        const answer = await exchangeSocialCode(code);
        if ('twoFactorRequired' in answer) return setChallengeId(answer.challengeId);
        await completeSignIn(answer);
        await navigate('/dashboard', { replace: true });
      } catch {
        await navigate('/socialSignIn/failure', { replace: true });
      }
    })();
  }, [code, navigate]);

  if (!challengeId) return <FormMessage tone="info">{t('social.signingIn')}</FormMessage>;
  return (
    <Suspense fallback={<FormMessage tone="info">{t('common.loading')}</FormMessage>}>
      <TwoFactorStep
        challengeId={challengeId}
        onBack={() => void navigate('/login', { replace: true })}
        onSignedIn={() => void navigate('/dashboard', { replace: true })}
      />
    </Suspense>
  );
}
