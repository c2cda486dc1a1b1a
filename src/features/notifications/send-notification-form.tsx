import { Box, Button, Heading, Input, Stack, Text, chakra } from '@chakra-ui/react';
import { NeedsConnection } from '../../lib/online/needs-connection';
import { useOnline } from '../../lib/resource-kit/use-online';
import { useId, useState, type FormEvent } from 'react';
import { isApiError } from '../../lib/api/api-error';
import { newIdempotencyKey } from '../../lib/ui/idempotency-key';
import { showToast } from '../../lib/ui/toast-store';
import { sendNotification } from './notifications-api';
import { notificationsT, useNotificationsT } from './strings';

const LINK_PATTERN = /^(\/(?!\/)|https?:\/\/)/;

/** What is wrong with the form, per field; empty when it can be sent. */
export function validateNotificationForm(values: { title: string; body: string; link: string }) {
  const errors: Partial<Record<'title' | 'body' | 'link', string>> = {};
  if (!values.title.trim()) errors.title = notificationsT('error.titleMissing');
  else if (values.title.trim().length > 200) errors.title = notificationsT('error.titleLong');
  if (values.body.trim().length > 4000) errors.body = notificationsT('error.bodyLong');
  const link = values.link.trim();
  if (link && !LINK_PATTERN.test(link)) errors.link = notificationsT('error.link');
  return errors;
}

/** The admins' form: a general notification to every user of their company (recipients = all). */
export function SendNotificationForm() {
  const online = useOnline();
  const t = useNotificationsT();
  const ids = { title: useId(), body: useId(), link: useId() };
  const [values, setValues] = useState({ title: '', body: '', link: '' });
  const [errors, setErrors] = useState<ReturnType<typeof validateNotificationForm>>({});
  const [sending, setSending] = useState(false);
  // One key per composed notification: a double click or a retry never sends it twice.
  const [key, setKey] = useState(newIdempotencyKey);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const found = validateNotificationForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    try {
      const { count } = await sendNotification(
        {
          title: values.title.trim(),
          body: values.body.trim(),
          ...(values.link.trim() ? { link: values.link.trim() } : {}),
        },
        key,
      );
      showToast({ status: 'success', title: notificationsT('send.sent', { count }) });
      setValues({ title: '', body: '', link: '' });
      setKey(newIdempotencyKey());
    } catch (error) {
      showToast({
        status: 'error',
        title: isApiError(error) ? error.message : notificationsT('send.failed'),
      });
    } finally {
      setSending(false);
    }
  };

  const field = (name: 'title' | 'body' | 'link') => ({
    id: ids[name],
    value: values[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${ids[name]}-error` : undefined,
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value })),
  });
  const error = (name: 'title' | 'body' | 'link') =>
    errors[name] && (
      <Text id={`${ids[name]}-error`} fontSize="sm" color="fg.error">
        {errors[name]}
      </Text>
    );

  return (
    <Box as="section" aria-labelledby={`${ids.title}-heading`} marginTop={6} paddingTop={4} borderTopWidth="1px">
      <Heading as="h3" size="md" id={`${ids.title}-heading`} marginBottom={3}>
        {t('send.heading')}
      </Heading>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap={3}>
          <div>
            <chakra.label htmlFor={ids.title} fontSize="sm" fontWeight="medium">
              {t('send.title')}
            </chakra.label>
            <Input {...field('title')} maxLength={200} />
            {error('title')}
          </div>
          <div>
            <chakra.label htmlFor={ids.body} fontSize="sm" fontWeight="medium">
              {t('send.message')}
            </chakra.label>
            <chakra.textarea
              {...field('body')}
              rows={3}
              width="full"
              padding={2}
              borderWidth="1px"
              borderRadius="l2"
              bg="transparent"
            />
            {error('body')}
          </div>
          <div>
            <chakra.label htmlFor={ids.link} fontSize="sm" fontWeight="medium">
              {t('send.link')}
            </chakra.label>
            <Input {...field('link')} placeholder="/settings/profile" />
            {error('link')}
          </div>
          <Text fontSize="sm" color="fg.muted">
            {t('send.recipients')}
          </Text>
          <Button type="submit" colorPalette="blue" loading={sending} disabled={!online} alignSelf="flex-start">
            {t('send.submit')}
          </Button>
          <NeedsConnection action="notify" />
        </Stack>
      </form>
    </Box>
  );
}
