import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { NeedsConnection } from '../../../lib/online/needs-connection';
import { useOnline } from '../../../lib/resource-kit/use-online';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { apiCall } from '../../../lib/api/api-client';
import { formatDateTime } from '../../../lib/i18n/format';
import { parseUserAgent } from '../../../shared/user-agent';
import { FormField, TextInput } from '../../../lib/resource-kit/form-field';
import { formMessageOf, mapServerErrors } from '../../../lib/resource-kit/server-field-errors';
import { newIdempotencyKey } from '../../../lib/ui/idempotency-key';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog';
import { showToast } from '../../../lib/ui/toast-store';
import {
  changePasswordAnswerSchema,
  ownSessionsAnswerSchema,
  revokeOthersAnswerSchema,
} from '../../../shared/contracts/profile';
import { passwordPolicySchema } from '../../../shared/contracts/session';
import {
  checkPassword,
  DEFAULT_PASSWORD_POLICY,
  policyRules,
  type PasswordFailure,
} from '../../../shared/password-policy';
import { profileT, useProfileT } from './strings';

const SESSIONS_KEY = ['profile', 'sessions'] as const;
const post = { method: 'POST', headers: { 'Content-Type': 'application/json' } } as const;

/** The user's own password and sessions: shown on /settings/profile only. */
export function OwnAccount() {
  return (
    <>
      <PasswordPanel />
      <SessionsPanel />
    </>
  );
}

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box as="section" aria-label={title} bg="bg.panel" borderWidth="1px" borderRadius="l3" padding={6}>
      <Heading as="h3" size="md" marginBottom={4}>
        {title}
      </Heading>
      {children}
    </Box>
  );
}

function PasswordPanel() {
  const online = useOnline();
  const t = useProfileT();
  const client = useQueryClient();
  const policy =
    useQuery({
      queryKey: ['password-policy'],
      queryFn: () => apiCall('iamserver', '/auth/password-policy', passwordPolicySchema),
      staleTime: 5 * 60_000,
    }).data ?? DEFAULT_PASSWORD_POLICY;
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ currentPassword?: string; newPassword?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const rules = policyRules(policy);
  const failures = checkPassword({ ...policy, enforcementState: 'ENFORCE' }, next).failures;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!checkPassword(policy, next).ok) return setErrors({ newPassword: profileT('pw.notMet') });
    if (next !== confirmation) return setErrors({ form: profileT('pw.mismatch') });
    setBusy(true);
    setErrors({});
    try {
      const { revokedSessions } = await apiCall('iamserver', '/profile/password', changePasswordAnswerSchema, {
        ...post,
        headers: { ...post.headers, 'Idempotency-Key': newIdempotencyKey() },
        body: JSON.stringify({ currentPassword: current, newPassword: next }),
      });
      setCurrent('');
      setNext('');
      setConfirmation('');
      void client.invalidateQueries({ queryKey: SESSIONS_KEY });
      showToast({ status: 'success', title: profileT('pw.changed', { count: revokedSessions }) });
    } catch (failure) {
      const mapped = mapServerErrors(failure, ['currentPassword', 'newPassword']);
      setErrors({ ...mapped.fields, form: Object.keys(mapped.fields).length ? undefined : formMessageOf(failure) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel title={t('pw.title')}>
      <form noValidate aria-label={t('pw.title')} onSubmit={(event) => void submit(event)}>
        <Stack gap={4} maxWidth="md">
          <FormField label={t('pw.current')} error={errors.currentPassword}>
            {(control) => (
              <TextInput
                {...control}
                type="password"
                autoComplete="current-password"
                value={current}
                onChange={(event) => setCurrent(event.target.value)}
              />
            )}
          </FormField>
          <FormField label={t('pw.new')} error={errors.newPassword}>
            {(control) => (
              <TextInput
                {...control}
                type="password"
                autoComplete="new-password"
                value={next}
                onChange={(event) => setNext(event.target.value)}
              />
            )}
          </FormField>
          <Stack as="ul" aria-label={t('pw.requirements')} gap={1} listStyleType="none" textStyle="sm">
            {rules.map((rule) => {
              const met = next !== '' && !failures.includes(rule);
              return (
                <li key={rule} data-met={met}>
                  <Text as="span" color={met ? 'fg.success' : 'fg.muted'}>
                    {met ? '✓ ' : '○ '}
                    {t(`pw.rule.${rule as Exclude<PasswordFailure, 'COMMON_PASSWORD'>}`, {
                      min: policy.minLength,
                      max: policy.maxLength ?? 0,
                      chars: policy.allowedNonAlphanumeric,
                    })}
                  </Text>
                </li>
              );
            })}
          </Stack>
          <FormField label={t('pw.confirm')}>
            {(control) => (
              <TextInput
                {...control}
                type="password"
                autoComplete="new-password"
                value={confirmation}
                onChange={(event) => setConfirmation(event.target.value)}
              />
            )}
          </FormField>
          {errors.form && (
            <Text role="alert" color="fg.error" textStyle="sm">
              {errors.form}
            </Text>
          )}
          <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={busy} disabled={!online}>
            {t('pw.submit')}
          </Button>
          <NeedsConnection action="account" />
        </Stack>
      </form>
    </Panel>
  );
}

function SessionsPanel() {
  const online = useOnline();
  const t = useProfileT();
  const client = useQueryClient();
  const sessions = useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: () => apiCall('iamserver', '/profile/sessions', ownSessionsAnswerSchema),
  });
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const revokeOthers = async () => {
    setBusy(true);
    try {
      const { revoked } = await apiCall('iamserver', '/profile/sessions/revoke-others', revokeOthersAnswerSchema, {
        ...post,
        headers: { ...post.headers, 'Idempotency-Key': newIdempotencyKey() },
        body: '{}',
      });
      setAsking(false);
      showToast({ status: 'success', title: profileT('sessions.revoked', { count: revoked }) });
      await client.invalidateQueries({ queryKey: SESSIONS_KEY });
    } catch (failure) {
      showToast({ status: 'error', title: formMessageOf(failure) });
    } finally {
      setBusy(false);
    }
  };
  /** "Chrome on Linux", "Chrome", "a browser on Linux", or "Unknown browser": never the raw header. */
  const deviceName = (header: string) => {
    const { browser, os } = parseUserAgent(header);
    if (browser && os) return t('sessions.device', { browser, os });
    if (os) return t('sessions.deviceOs', { os });
    return browser ?? t('sessions.unknown');
  };
  return (
    <Panel title={t('sessions.title')}>
      {sessions.isError && (
        <Text role="alert" color="fg.error">
          {t('sessions.failed')}
        </Text>
      )}
      <Stack as="ul" gap={2} listStyleType="none" data-testid="own-sessions" marginBottom={4}>
        {sessions.data?.map((session) => (
          <li key={session._id} data-current={session.current}>
            <Flex gap={2} alignItems="baseline" wrap="wrap">
              <Text fontWeight="medium" truncate maxWidth="28rem">
                {session.current
                  ? t('sessions.currentOn', { device: deviceName(session.userAgent) })
                  : deviceName(session.userAgent)}
              </Text>
              <Text textStyle="sm" color="fg.muted">
                {t('sessions.since', { date: formatDateTime(session.createdAt) })}
                {session.ip ? ` · ${session.ip}` : ''}
              </Text>
            </Flex>
          </li>
        ))}
      </Stack>
      <Button
        variant="outline"
        colorPalette="red"
        loading={busy}
        disabled={(sessions.data?.length ?? 0) < 2 || !online}
        onClick={() => setAsking(true)}
      >
        {t('sessions.revoke')}
      </Button>
      <NeedsConnection action="account" />
      {asking && (
        <ConfirmDialog
          title={t('sessions.revokeTitle')}
          body={t('sessions.revokeQuestion')}
          confirmLabel={t('sessions.revokeConfirm')}
          cancelLabel={t('sessions.keep')}
          busy={busy}
          onConfirm={() => void revokeOthers()}
          onClose={() => setAsking(false)}
        />
      )}
    </Panel>
  );
}
