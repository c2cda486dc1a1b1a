import { Button, Heading, List, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import {
  checkPassword,
  DEFAULT_PASSWORD_POLICY,
  policyRules,
  type PasswordFailure,
} from '../../shared/password-policy';
import { QueryProvider } from '../../lib/query-provider';
import { checkAccountLink, getPasswordPolicy, setPasswordWithLink } from './api/account-links';
import { useResetT } from './account-reset-strings';
import { AuthCard } from './auth-card';
import { FormMessage, TextField } from './text-field';

/**
 * /account-reset/confirm?token=… (and `&invite=1` for an invitation): checks the link, then a new
 * password and its confirmation with the policy's rules ticked as they are met, then /login.
 */
export function AccountResetConfirmScreen() {
  // A public screen: the signed-in frame's query provider is not around it (src/lib/query-provider.tsx).
  return (
    <QueryProvider>
      <AccountResetConfirmForm />
    </QueryProvider>
  );
}

function AccountResetConfirmForm() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invite = params.get('invite') === '1';
  const navigate = useNavigate();
  const t = useResetT();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const link = useQuery({
    queryKey: ['account-link', token],
    queryFn: () => checkAccountLink(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
  const policyQuery = useQuery({ queryKey: ['password-policy'], queryFn: getPasswordPolicy, staleTime: 5 * 60_000 });
  const policy = policyQuery.data ?? DEFAULT_PASSWORD_POLICY;
  const check = checkPassword(policy, password);
  const enforced = (rule: PasswordFailure) =>
    rule === 'TOO_SHORT' || rule === 'TOO_LONG' || policy.enforcementState === 'ENFORCE';

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!check.ok) return setError(t('notMet'));
    if (password !== confirmation) return setError(t('mismatch'));
    setBusy(true);
    setError(undefined);
    try {
      await setPasswordWithLink(invite ? 'invite' : 'reset', token, password);
      await navigate('/login', { replace: true, state: { notice: 'password-set' } });
    } catch (caught) {
      const code = (caught as { code?: string }).code;
      setError(
        code === 'VALIDATION_FAILED'
          ? t('refused')
          : code === 'ACTION_TOKEN_INVALID' || code === 'ACTION_TOKEN_EXPIRED'
            ? t('linkGone')
            : t('failed'),
      );
    } finally {
      setBusy(false);
    }
  };

  const title = invite ? t('inviteTitle') : t('resetTitle');
  const invalid = token === '' || link.isError || link.data?.valid === false;

  return (
    <AuthCard>
      <Heading as="h1" size="2xl" letterSpacing="-0.02em" marginBottom={6}>
        {title}
      </Heading>
      {invalid ? (
        <Stack gap={4}>
          <FormMessage tone="error">{t('invalid')}</FormMessage>
          <Button asChild variant="outline">
            <RouterLink to="/login">{t('back')}</RouterLink>
          </Button>
        </Stack>
      ) : link.isPending ? (
        <FormMessage tone="info">{t('checking')}</FormMessage>
      ) : (
        <form aria-label={title} noValidate onSubmit={(event) => void onSubmit(event)}>
          <Stack gap={4}>
            {link.data?.emailId && <Text color="fg.muted">{t('forEmail', { email: link.data.emailId })}</Text>}
            <TextField
              label={t('newPassword')}
              name="password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
            <List.Root aria-label={t('requirements')} listStyle="none" gap={1} textStyle="sm">
              {policyRules(policy).map((rule) => {
                const met =
                  password !== '' &&
                  !checkPassword({ ...policy, enforcementState: 'ENFORCE' }, password).failures.includes(rule);
                return (
                  <List.Item key={rule} data-met={met} color={met ? 'fg.success' : 'fg.muted'}>
                    {met ? '✓ ' : '○ '}
                    {t(rule, {
                      min: policy.minLength,
                      max: policy.maxLength ?? 0,
                      chars: policy.allowedNonAlphanumeric,
                    })}
                    {!enforced(rule) && t('advised')}
                  </List.Item>
                );
              })}
            </List.Root>
            <TextField
              label={t('confirm')}
              name="confirmation"
              type="password"
              autoComplete="new-password"
              value={confirmation}
              onChange={(event) => setConfirmation(event.currentTarget.value)}
            />
            {error && <FormMessage tone="error">{error}</FormMessage>}
            <Button type="submit" colorPalette="brand" size="lg" disabled={busy}>
              {invite ? t('setPassword') : t('resetPassword')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
