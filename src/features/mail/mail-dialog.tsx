import { Box, Button, HStack, Input, Stack, Text, chakra } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { isApiError } from '../../lib/api/api-error';
import { MAX_UPLOAD_BYTES, uploadFile } from '../../lib/drive/upload-file';
import { isQueuedWrite } from '../../lib/outbox/queued-write-error';
import { useOnline } from '../../lib/resource-kit/use-online';
import { newIdempotencyKey } from '../../lib/ui/idempotency-key';
import { ModalDialog } from '../../lib/ui/modal-dialog';
import { showToast } from '../../lib/ui/toast-store';
import { addressFieldError, parseAddressList } from './address-list';
import { SelectInput } from '../../lib/resource-kit/form-field';
import { useSession } from '../../lib/session/use-session';
import { fillMergeFields, type MailTemplate } from '../../shared/contracts/mail-templates';
import {
  SENT_MAIL_KEY,
  generalTemplatesQueryOptions,
  sendMail,
  sentMailQueryOptions,
  type SentMailStatus,
} from './mail-api';
import { MailEditor } from '../../lib/rich-text/mail-editor';
import { mailT, useMailT } from './strings';

type Tab = 'compose' | 'sent';
type AddressField = 'to' | 'cc' | 'bcc';

interface Attachment {
  key: string;
  name: string;
  size: number;
  progress: number;
  fileId?: string;
  error?: string;
}

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

const STATUS_COLOR: Record<SentMailStatus, string> = { queued: 'fg.muted', sent: 'green.fg', failed: 'fg.error' };

function Label({ htmlFor, id, children }: { htmlFor?: string; id?: string; children: string }) {
  return (
    <chakra.label htmlFor={htmlFor} id={id} fontSize="sm" fontWeight="medium" display="block">
      {children}
    </chakra.label>
  );
}

function Compose({ onSent }: { onSent: () => void }) {
  const t = useMailT();
  const ids = {
    to: useId(),
    cc: useId(),
    bcc: useId(),
    subject: useId(),
    body: useId(),
    files: useId(),
    template: useId(),
  };
  const { user } = useSession();
  // A role that may not read templates simply gets no "start from" list.
  const templates = useQuery({ ...generalTemplatesQueryOptions(), enabled: Boolean(user) });
  const [start, setStart] = useState<{ id: string; html: string; count: number }>({ id: '', html: '', count: 0 });
  const [fields, setFields] = useState({ to: '', cc: '', bcc: '', subject: '' });
  const [html, setHtml] = useState('');
  const [errors, setErrors] = useState<Partial<Record<AddressField | 'subject' | 'body', string>>>({});
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [sending, setSending] = useState(false);
  // One key per compose: a double click or a retry after a lost answer never sends the message twice.
  const [key, setKey] = useState(newIdempotencyKey);
  const fileInput = useRef<HTMLInputElement>(null);
  // Uploading a file needs a connection; the message itself can wait in the outbox.
  const online = useOnline();

  const checkAddresses = (name: AddressField, value = fields[name]) => {
    const error = addressFieldError(parseAddressList(value), name === 'to');
    setErrors((e) => ({ ...e, [name]: error }));
    return error;
  };

  const addFiles = (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) {
      const entry: Attachment = { key: newIdempotencyKey(), name: file.name, size: file.size, progress: 0 };
      const update = (patch: Partial<Attachment>) =>
        setAttachments((list) => list.map((a) => (a.key === entry.key ? { ...a, ...patch } : a)));
      if (file.size > MAX_UPLOAD_BYTES) {
        entry.error = `${file.name} is ${formatSize(file.size)}: a file can be at most 10 MB.`;
        setAttachments((list) => [...list, entry]);
        continue;
      }
      setAttachments((list) => [...list, entry]);
      uploadFile(file, { onProgress: (progress) => update({ progress }) }).then(
        (uploaded) => update({ fileId: uploaded._id, progress: 1 }),
        (error: unknown) => update({ error: isApiError(error) ? error.message : mailT('uploadFailed') }),
      );
    }
    if (fileInput.current) fileInput.current.value = '';
  };

  const uploading = attachments.some((a) => !a.fileId && !a.error);

  /** Fills subject and message from a template, with what is known now (the recipient's name is left to the user). */
  const startFrom = (template: MailTemplate | undefined) => {
    if (!template) return;
    const filled = fillMergeFields(template, {
      senderName: user?.name ?? '',
      companyName: user?.company.name ?? '',
      recipientName: '',
    });
    setFields((f) => ({ ...f, subject: filled.subject }));
    setHtml(filled.body);
    setStart((s) => ({ id: template._id, html: filled.body, count: s.count + 1 }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const found: typeof errors = {
      to: checkAddresses('to'),
      cc: checkAddresses('cc'),
      bcc: checkAddresses('bcc'),
      subject: fields.subject.trim() ? undefined : mailT('subjectMissing'),
    };
    setErrors(found);
    if (Object.values(found).some(Boolean) || uploading) return;
    setSending(true);
    try {
      await sendMail(
        {
          to: parseAddressList(fields.to).addresses,
          cc: parseAddressList(fields.cc).addresses,
          bcc: parseAddressList(fields.bcc).addresses,
          subject: fields.subject.trim(),
          body: html || '<p></p>',
          attachments: attachments.flatMap((a) => (a.fileId ? [a.fileId] : [])),
        },
        key,
      );
      showToast({ status: 'success', title: mailT('onItsWay') });
      reset();
      onSent();
    } catch (error) {
      // Offline: kept in the outbox (its toast says so) and sent when the connection is back.
      if (isQueuedWrite(error)) reset();
      else showToast({ status: 'error', title: isApiError(error) ? error.message : mailT('sendFailed') });
    } finally {
      setSending(false);
    }
  };

  /** A new, empty compose (with a new key) once the message is sent or waits in the outbox. */
  const reset = () => {
    setFields({ to: '', cc: '', bcc: '', subject: '' });
    setHtml('');
    setAttachments([]);
    setKey(newIdempotencyKey());
    setStart((s) => ({ id: '', html: '', count: s.count + 1 }));
  };

  const addressInput = (name: AddressField, label: string) => (
    <div>
      <Label htmlFor={ids[name]}>{label}</Label>
      <Input
        id={ids[name]}
        value={fields[name]}
        placeholder="name@example.com, …"
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${ids[name]}-error` : undefined}
        onChange={(event) => setFields((f) => ({ ...f, [name]: event.target.value }))}
        onBlur={() => checkAddresses(name)}
      />
      {errors[name] && (
        <Text id={`${ids[name]}-error`} fontSize="sm" color="fg.error">
          {errors[name]}
        </Text>
      )}
    </div>
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('compose')}>
      <Stack gap={3}>
        {addressInput('to', t('to'))}
        {addressInput('cc', t('cc'))}
        {addressInput('bcc', t('bcc'))}
        {templates.data && templates.data.length > 0 && (
          <div>
            <Label htmlFor={ids.template}>{t('startFrom')}</Label>
            <SelectInput
              id={ids.template}
              value={start.id}
              onChange={(event) => startFrom(templates.data.find((tpl) => tpl._id === event.target.value))}
            >
              <option value="">{t('blank')}</option>
              {templates.data.map((tpl) => (
                <option key={tpl._id} value={tpl._id}>
                  {tpl.name}
                </option>
              ))}
            </SelectInput>
          </div>
        )}
        <div>
          <Label htmlFor={ids.subject}>{t('subject')}</Label>
          <Input
            id={ids.subject}
            value={fields.subject}
            maxLength={200}
            aria-invalid={errors.subject ? true : undefined}
            onChange={(event) => setFields((f) => ({ ...f, subject: event.target.value }))}
          />
          {errors.subject && (
            <Text fontSize="sm" color="fg.error">
              {errors.subject}
            </Text>
          )}
        </div>
        <div>
          <Label id={`${ids.body}-label`}>{t('message')}</Label>
          <MailEditor
            id={ids.body}
            labelledBy={`${ids.body}-label`}
            onChange={setHtml}
            resetKey={`${key}:${start.count}`}
            initialHtml={start.html}
          />
        </div>
        <div>
          <Label htmlFor={ids.files}>{t('attachments')}</Label>
          <chakra.input
            ref={fileInput}
            id={ids.files}
            type="file"
            multiple
            fontSize="sm"
            disabled={!online}
            aria-describedby={`${ids.files}-hint`}
            onChange={(event) => addFiles(event.target.files)}
          />
          <Text id={`${ids.files}-hint`} fontSize="xs" color="fg.muted">
            {online ? t('attachmentLimit') : t('attachOffline')}
          </Text>
          {attachments.length > 0 && (
            <Stack as="ul" aria-label={t('attachments')} gap={1} marginTop={2} listStyleType="none">
              {attachments.map((a) => (
                <li key={a.key}>
                  <HStack justifyContent="space-between" fontSize="sm">
                    <Text truncate>
                      {a.name} ({formatSize(a.size)}){' '}
                      {a.error ? '' : a.fileId ? '— uploaded' : `— uploading ${Math.round(a.progress * 100)} %`}
                    </Text>
                    <Button
                      size="xs"
                      variant="ghost"
                      aria-label={t('removeNamed', { name: a.name })}
                      onClick={() => setAttachments((list) => list.filter((x) => x.key !== a.key))}
                    >
                      {t('remove')}
                    </Button>
                  </HStack>
                  {!a.error && !a.fileId && (
                    <Box
                      height="1"
                      bg="blue.solid"
                      width={`${Math.round(a.progress * 100)}%`}
                      role="progressbar"
                      aria-label={t('uploadingNamed', { name: a.name })}
                      aria-valuenow={Math.round(a.progress * 100)}
                    />
                  )}
                  {a.error && (
                    <Text role="alert" fontSize="sm" color="fg.error">
                      {a.error}
                    </Text>
                  )}
                </li>
              ))}
            </Stack>
          )}
        </div>
        <Button type="submit" colorPalette="blue" loading={sending} disabled={uploading} alignSelf="flex-start">
          {t('send')}
        </Button>
      </Stack>
    </form>
  );
}

function SentList() {
  const t = useMailT();
  const sent = useQuery(sentMailQueryOptions());
  if (sent.isPending) return <Text color="fg.muted">{t('sentLoading')}</Text>;
  if (sent.isError) return <Text color="fg.error">{t('sentFailed')}</Text>;
  if (sent.data.items.length === 0) return <Text color="fg.muted">{t('sentEmpty')}</Text>;
  return (
    <Stack as="ul" aria-label={t('sentList')} gap={2} listStyleType="none" maxHeight="60vh" overflowY="auto">
      {sent.data.items.map((mail) => (
        <Box as="li" key={mail._id} padding={2} borderWidth="1px" borderRadius="l2">
          <HStack justifyContent="space-between" gap={2}>
            <Text fontWeight="semibold" truncate>
              {mail.subject}
            </Text>
            <Text fontSize="sm" fontWeight="medium" color={STATUS_COLOR[mail.status]} data-testid="mail-status">
              {t(`status.${mail.status}`)}
            </Text>
          </HStack>
          <Text fontSize="sm" color="fg.muted" truncate>
            {t('sentTo', { to: mail.to.join(', ') })}
            {mail.attachments.length > 0 ? t('attachmentCount', { count: mail.attachments.length }) : ''}
          </Text>
          {mail.status === 'failed' && mail.lastError && (
            <Text fontSize="sm" color="fg.error">
              {mail.lastError}
            </Text>
          )}
        </Box>
      ))}
    </Stack>
  );
}

/** The mail dialog (docs/product-rules.md section 2): compose and send (docs/api.md section 9), and the sent list. */
export default function MailDialog({ onClose }: { onClose: () => void }) {
  const t = useMailT();
  const [tab, setTab] = useState<Tab>('compose');
  const queryClient = useQueryClient();
  const tabButton = (value: Tab, label: string) => (
    <Button
      role="tab"
      aria-selected={tab === value}
      size="sm"
      variant={tab === value ? 'subtle' : 'ghost'}
      onClick={() => setTab(value)}
    >
      {label}
    </Button>
  );
  return (
    <ModalDialog title={t('title')} onClose={onClose} maxWidth="2xl">
      <HStack role="tablist" aria-label={t('title')} gap={1} marginBottom={4}>
        {tabButton('compose', t('compose'))}
        {tabButton('sent', t('sent'))}
      </HStack>
      {/* Compose stays mounted, hidden, so a look at the sent list does not lose a draft. */}
      <Box role="tabpanel" hidden={tab !== 'compose'}>
        <Compose
          onSent={() => {
            void queryClient.invalidateQueries({ queryKey: SENT_MAIL_KEY });
            setTab('sent');
          }}
        />
      </Box>
      {tab === 'sent' && (
        <Box role="tabpanel">
          <SentList />
        </Box>
      )}
    </ModalDialog>
  );
}
