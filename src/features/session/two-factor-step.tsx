import { Button, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useT } from '../../lib/i18n/use-t';
import { completeSignIn } from '../../lib/session/session-store';
import { verifyCode } from './api/sign-in';
import { signInErrorMessage } from './sign-in-errors';
import { FormMessage, TextField } from './text-field';

/** Six digits, as mailed by `POST /auth/login` for companies with two-factor sign-in. */
export const TWO_FACTOR_CODE_PATTERN = /^\d{6}$/;

/**
 * The second sign-in step: the code from the e-mail → `POST /auth/verify-code` → signed in, then
 * `onSignedIn` (where the page does not move on by itself).
 */
export default function TwoFactorStep({
  challengeId,
  onBack,
  onSignedIn,
}: {
  challengeId: string;
  onBack: () => void;
  onSignedIn?: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const t = useT();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!TWO_FACTOR_CODE_PATTERN.test(code)) return setError(t('twoFactor.invalidCode'));
    setBusy(true);
    setError(undefined);
    try {
      await completeSignIn(await verifyCode(challengeId, code));
      onSignedIn?.();
    } catch (caught) {
      setError(signInErrorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form aria-label={t('twoFactor.form')} noValidate onSubmit={(event) => void onSubmit(event)}>
      <Stack gap={4}>
        <Text>{t('twoFactor.intro')}</Text>
        <TextField
          label={t('twoFactor.code')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          pattern="[0-9]{6}"
          autoFocus
          value={code}
          onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
        />
        {error && <FormMessage tone="error">{error}</FormMessage>}
        <Button type="submit" colorPalette="blue" disabled={busy}>
          {t('twoFactor.submit')}
        </Button>
        <Button variant="plain" size="sm" onClick={onBack}>
          {t('common.backToSignIn')}
        </Button>
      </Stack>
    </form>
  );
}
