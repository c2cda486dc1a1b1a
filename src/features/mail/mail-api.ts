import { apiFetch } from '../../lib/api/api-client';

export interface SendMailInput {
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  /** HTML. */
  body: string;
  /** File ids from driveserver. */
  attachments: string[];
}

export type SentMailStatus = 'queued' | 'sent' | 'failed';

export interface SentMail {
  _id: string;
  status: SentMailStatus;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  attempts: number;
  lastError: string | null;
  attachments: { fileId: string; fileName: string; contentType: string; size: number }[];
  createdAt: string;
  sentAt: string | null;
}

export const SENT_MAIL_KEY = ['mail', 'sent'] as const;

/** `POST /send` (CONTRACT.md section 9) with the compose's Idempotency-Key: sent once however often clicked. */
export async function sendMail(
  input: SendMailInput,
  idempotencyKey: string,
): Promise<{ _id: string; status: 'queued' }> {
  const result = await apiFetch<{ data: { _id: string; status: 'queued' } }>('mailserver', '/send', {
    method: 'POST',
    headers: { 'Idempotency-Key': idempotencyKey },
    body: JSON.stringify(input),
  });
  return result.data;
}

/** `GET /send`: the company's sent mail, newest first. */
export function getSentMail(): Promise<{ data: SentMail[]; meta: { total: number } }> {
  return apiFetch('mailserver', '/send?limit=20');
}

export function sentMailQueryOptions() {
  return {
    queryKey: SENT_MAIL_KEY,
    queryFn: getSentMail,
    staleTime: 0,
    // While a message waits for the delivery worker, look again now and then (only while the tab shows).
    refetchInterval: (query: { state: { data?: { data: SentMail[] } } }) =>
      query.state.data?.data.some((m) => m.status === 'queued') ? 2000 : false,
  } as const;
}
