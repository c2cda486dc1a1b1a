import { Button, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { ERROR_CODES } from '../../shared/api-envelope';
import { requestPasswordReset } from './api/sign-in';
import { signInErrorMessage } from './sign-in-errors';
import { FormMessage, TextField } from './text-field';

/** The same words whether or not the address has an account, so the form reveals nothing. */
export const RESET_LINK_CONFIRMATION =
  'If an account exists for this address, we have sent it a link to reset the password. Check your inbox.';

/** "Forgot password?": the e-mail → `POST /auth/reset-password-link` → a neutral confirmation. */
export default function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const emailId = String(new FormData(event.currentTarget).get('emailId') ?? '').trim();
    if (!emailId) return setError('Enter your e-mail address.');
    setBusy(true);
    setError(undefined);
    try {
      await requestPasswordReset(emailId);
      setSent(true);
    } catch (caught) {
      const code = (caught as { code?: string }).code;
      setError(code === ERROR_CODES.VALIDATION_FAILED ? 'Enter a valid e-mail address.' : signInErrorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    return (
      <Stack gap={4}>
        <FormMessage tone="info">{RESET_LINK_CONFIRMATION}</FormMessage>
        <Button variant="outline" onClick={onBack}>
          Back to sign in
        </Button>
      </Stack>
    );
  }
  return (
    <form aria-label="Reset your password" noValidate onSubmit={(event) => void onSubmit(event)}>
      <Stack gap={4}>
        <Text>Enter the e-mail address of your account and we will send you a link to choose a new password.</Text>
        <TextField label="E-mail" name="emailId" type="email" autoComplete="username" defaultValue={initialEmail} />
        {error && <FormMessage tone="error">{error}</FormMessage>}
        <Button type="submit" colorPalette="blue" disabled={busy}>
          Send reset link
        </Button>
        <Button variant="plain" size="sm" onClick={onBack}>
          Back to sign in
        </Button>
      </Stack>
    </form>
  );
}
