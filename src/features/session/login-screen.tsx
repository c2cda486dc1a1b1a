import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { useT } from '../../lib/i18n/use-t';
import { completeSignIn } from '../../lib/session/session-store';
import { useHydrationAnnouncement } from '../../lib/ui/use-hydration-announcement';
import type { LoginAnswer } from './api/sign-in';
import { AuthCard } from './auth-card';
import { MISSING_FIELDS, signInErrorMessage } from './sign-in-errors';
import { FormMessage, TextField } from './text-field';

// Everything the e-mail + password form does not need to render is a separate chunk, the sign-in calls
// (and the API client under them) included: /login has a 150 KB budget.
const loadSignInApi = () => import('./api/sign-in');
const TwoFactorStep = lazy(() => import('./two-factor-step'));
const ForgotPasswordForm = lazy(() => import('./forgot-password-form'));

type Step = { kind: 'password' } | { kind: 'twoFactor'; challengeId: string } | { kind: 'forgot' };

/**
 * The sign-in screen (docs/product-rules.md section 2, docs/api.md section 4): e-mail and password, then the two-factor
 * code when the company asks for one; Google; forgotten password. A completed sign-in leaves this page the
 * way any signed-in visit to /login does: AppLayout sends it to the first safe `redirect_uri`, else the
 * dashboard (`signedInRedirect`).
 */
export function LoginScreen() {
  const location = useLocation();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  // The failure, not its sentence: the sentence is written at render time, in the current language.
  const [failure, setFailure] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const [email, setEmail] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const t = useT();
  // The page may be the build's prerendered copy (README "First load"): its starter holds a click made
  // before React took over, and makes it again once told so, so the buttons need not wait.
  useHydrationAnnouncement();

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setFailure(undefined);
    try {
      await action();
    } catch (caught) {
      if (caught instanceof Error && caught.message === GOOGLE_CANCELLED) return;
      setFailure(caught);
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const emailId = String(form.get('emailId') ?? '').trim();
    const password = String(form.get('password') ?? '');
    setEmail(emailId);
    if (!emailId || !password) return setFailure({ code: MISSING_FIELDS });
    void run(async () => {
      const { login } = await loadSignInApi();
      await proceed(await login(emailId, password));
    });
  };

  const onGoogle = () =>
    run(async () => {
      const { signInWithGoogle } = await import('./google-sign-in');
      const idToken = await signInWithGoogle();
      if (!idToken) throw new Error(GOOGLE_CANCELLED);
      const { socialLogin } = await loadSignInApi();
      await proceed(await socialLogin(idToken));
    });

  /** Signed in, or on to the code step when the company asks for one (whichever way the user came). */
  const proceed = async (answer: LoginAnswer) => {
    if ('twoFactorRequired' in answer) setStep({ kind: 'twoFactor', challengeId: answer.challengeId });
    else await completeSignIn(answer);
  };

  const back = () => {
    setFailure(undefined);
    setStep({ kind: 'password' });
  };

  return (
    <AuthCard>
      <Heading as="h1" size="2xl" letterSpacing="-0.02em">
        {step.kind === 'forgot' ? t('login.resetTitle') : t('login.title')}
      </Heading>
      <Text color="fg.muted" marginTop={1} marginBottom={8}>
        {step.kind === 'forgot' ? t('login.resetSubtitle') : t('login.subtitle')}
      </Text>
      {step.kind === 'password' ? (
        <Stack gap={4}>
          {/* POST, should the browser ever submit it itself: a password never goes into a URL. */}
          <form ref={formRef} aria-label={t('login.title')} method="post" noValidate onSubmit={onSubmit}>
            <Stack gap={4}>
              <TextField
                label={t('common.email')}
                name="emailId"
                type="email"
                autoComplete="username"
                defaultValue={email}
              />
              <TextField label={t('common.password')} name="password" type="password" autoComplete="current-password" />
              {failure !== undefined ? (
                <FormMessage tone="error">{signInErrorMessage(failure)}</FormMessage>
              ) : (
                (location.state as { notice?: string } | null)?.notice === 'password-set' && (
                  <FormMessage tone="info">{t('login.passwordSet')}</FormMessage>
                )
              )}
              <Button type="submit" colorPalette="brand" size="lg" disabled={busy}>
                {t('login.submit')}
              </Button>
            </Stack>
          </form>
          <Button variant="outline" size="lg" onClick={() => void onGoogle()} disabled={busy}>
            {t('login.google')}
          </Button>
          <Button
            variant="plain"
            size="sm"
            alignSelf="center"
            color="brand.fg"
            onClick={() => {
              // The address typed so far goes with the user to the reset form.
              if (formRef.current) setEmail(String(new FormData(formRef.current).get('emailId') ?? '').trim());
              setStep({ kind: 'forgot' });
            }}
          >
            {t('login.forgot')}
          </Button>
        </Stack>
      ) : (
        <Suspense fallback={<FormMessage tone="info">{t('common.loading')}</FormMessage>}>
          {step.kind === 'twoFactor' ? (
            <TwoFactorStep challengeId={step.challengeId} onBack={back} />
          ) : (
            <ForgotPasswordForm initialEmail={email} onBack={back} />
          )}
        </Suspense>
      )}
    </AuthCard>
  );
}

/** Thrown when the Google popup closed without a sign-in: not an error worth showing. */
const GOOGLE_CANCELLED = 'google-sign-in-cancelled';
