import { apiCall, apiList } from '../../lib/api/api-client';
import { fetchAllPages } from '../../lib/api/fetch-all-pages';
import {
  sendMailAnswerSchema,
  sentMailSchema,
  type SendMailAnswer,
  type SendMailInput,
  type SentMail,
} from '../../shared/contracts/mail';
import type { ListMeta } from '../../shared/api-envelope';
import { mailTemplateSchema } from '../../shared/contracts/mail-templates';

export type { SendMailInput, SentMail, SentMailStatus } from '../../shared/contracts/mail';

export const SENT_MAIL_KEY = ['mail', 'sent'] as const;

/** `POST /send` (docs/api.md section 9) with the compose's Idempotency-Key: sent once however often clicked. */
export function sendMail(input: SendMailInput, idempotencyKey: string): Promise<SendMailAnswer> {
  return apiCall('mailserver', '/send', sendMailAnswerSchema, {
    method: 'POST',
    headers: { 'Idempotency-Key': idempotencyKey },
    body: JSON.stringify(input),
  });
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
