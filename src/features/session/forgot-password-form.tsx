import { Button, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { t } from '../../lib/i18n/i18n';
import { useT } from '../../lib/i18n/use-t';
import { ERROR_CODES } from '../../shared/api-envelope';
import { requestPasswordReset } from './api/sign-in';
import { signInErrorMessage } from './sign-in-errors';
import { FormMessage, TextField } from './text-field';

/** The same words whether or not the address has an account, so the form reveals nothing. */
export const resetLinkConfirmation = () => t('forgot.sent');

/** "Forgot password?": the e-mail → `POST /auth/reset-password-link` → a neutral confirmation. */
export default function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useT();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const emailId = String(new FormData(event.currentTarget).get('emailId') ?? '').trim();
    if (!emailId) return setError(t('forgot.missingEmail'));
    setBusy(true);
    setError(undefined);
    try {
      await requestPasswordReset(emailId);
      setSent(true);
    } catch (caught) {
      const code = (caught as { code?: string }).code;
      setError(code === ERROR_CODES.VALIDATION_FAILED ? t('forgot.invalidEmail') : signInErrorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    return (
      <Stack gap={4}>
        <FormMessage tone="info">{resetLinkConfirmation()}</FormMessage>
        <Button variant="outline" onClick={onBack}>
          {t('common.backToSignIn')}
        </Button>
      </Stack>
    );
  }
  return (
    <form aria-label={t('login.resetTitle')} noValidate onSubmit={(event) => void onSubmit(event)}>
      <Stack gap={4}>
        <Text>{t('forgot.intro')}</Text>
        <TextField
          label={t('common.email')}
          name="emailId"
          type="email"
          autoComplete="username"
          defaultValue={initialEmail}
        />
        {error && <FormMessage tone="error">{error}</FormMessage>}
        <Button type="submit" colorPalette="blue" disabled={busy}>
          {t('forgot.submit')}
        </Button>
        <Button variant="plain" size="sm" onClick={onBack}>
          {t('common.backToSignIn')}
        </Button>
      </Stack>
    </form>
  );
}
