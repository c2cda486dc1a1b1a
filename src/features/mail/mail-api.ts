import { apiList } from '../../lib/api/api-client';
import { fetchAllPages } from '../../lib/api/fetch-all-pages';
import { sendWrite } from '../../lib/outbox/write';
import {
  sendMailAnswerSchema,
  sentMailSchema,
  type SendMailAnswer,
  type SendMailInput,
  type SentMail,
} from '../../shared/contracts/mail';
import type { ListMeta } from '../../shared/api-envelope';
import { mailTemplateSchema } from '../../shared/contracts/mail-templates';
import { mailT } from './strings';

export type { SendMailInput, SentMail, SentMailStatus } from '../../shared/contracts/mail';

export const SENT_MAIL_KEY = ['mail', 'sent'] as const;

/**
 * `POST /send` (docs/api.md section 9) with the compose's Idempotency-Key: sent once however often clicked.
 * Through the outbox (issue 24): offline, the message waits on this device (rejecting with `QueuedWrite`)
 * and is sent when the connection is back, with the same key. Files are attached by id, so only the upload
 * of an attachment needs a connection (the compose says so).
 */
export function sendMail(input: SendMailInput, idempotencyKey: string): Promise<SendMailAnswer> {
  return sendWrite(
    {
      service: 'mailserver',
      path: '/send',
      method: 'POST',
      body: { ...input },
      resource: SENT_MAIL_KEY[0],
      // Not a record the lists could show before it lands: keyed by the compose, so a retry replaces nothing.
      recordId: `send:${idempotencyKey}`,
      label: mailT('outboxLabel', { subject: input.subject }),
      idempotencyKey,
    },
    sendMailAnswerSchema,
  );
}

/** `GET /send`: the company's sent mail, newest first. */
export function getSentMail(): Promise<{ items: SentMail[]; meta: ListMeta }> {
  return apiList('mailserver', '/send?limit=20', sentMailSchema);
}

export function sentMailQueryOptions() {
  return {
    queryKey: SENT_MAIL_KEY,
    queryFn: getSentMail,
    staleTime: 0,
    // While a message waits for the delivery worker, look again now and then (only while the tab shows).
    refetchInterval: (query: { state: { data?: { items: SentMail[] } } }) =>
      query.state.data?.items.some((m) => m.status === 'queued') ? 2000 : false,
  } as const;
}

/** The company's `general` mail templates, the default first: where a new mail can start from. */
export function generalTemplatesQueryOptions() {
  return {
    queryKey: ['mail-templates', 'list', 'general'] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      fetchAllPages('mailserver', '/templates?type=general&sort=type', mailTemplateSchema, { signal }),
    retry: false,
    staleTime: 60_000,
  };
}
