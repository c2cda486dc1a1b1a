/**
 * The company's sent list (`GET /send`): the messages of `mail_outbox` listed for the company, which
 * row-level security limits to the caller's company. Delivery errors are stored already stripped of
 * credentials (`describeDeliveryError`).
 */
import type {
  SENT_MAIL_SORT_FIELDS,
  SentMail,
  SentMailAttachment,
  SentMailDetail,
  SentMailStatus,
} from '../../../src/shared/contracts/mail.ts';
import type { Queryable } from '../../db/database.ts';
import { containsPattern, type ListQuery } from '../../http/list-query.ts';
import { findById, selectPage } from '../../http/list-sql-repository.ts';

export type SentMailSortField = (typeof SENT_MAIL_SORT_FIELDS)[number];

const SORT_COLUMNS: Record<SentMailSortField, string> = {
  createdAt: 'm.created_at',
  sentAt: 'm.sent_at',
  subject: 'lower(m.subject)',
  status: 'm.status',
};

interface SentRow {
  id: string;
  kind: string;
  status: SentMailStatus;
  to_addresses: string[];
  cc_addresses: string[];
  bcc_addresses: string[];
  subject: string;
  attempts: number;
  last_error: string | null;
  attachments: SentMailAttachment[] | string | null;
  created_by: string | null;
  created_at: Date | string;
  sent_at: Date | string | null;
  body_text?: string;
  body_html?: string | null;
}

const COLUMNS = `m.id, m.kind, m.status, m.to_addresses, m.cc_addresses, m.bcc_addresses, m.subject, m.attempts,
  m.last_error, m.created_by, m.created_at, m.sent_at,
  COALESCE((SELECT json_agg(json_build_object('fileId', a.file_id, 'fileName', a.file_name,
                                              'contentType', a.content_type, 'size', a.size_bytes)
                            ORDER BY a.position)
              FROM mail_outbox_attachments a WHERE a.outbox_id = m.id), '[]'::json) AS attachments`;

function toSentMail(row: SentRow): SentMail {
  const attachments = typeof row.attachments === 'string' ? JSON.parse(row.attachments) : row.attachments;
  return {
    _id: row.id,
    kind: row.kind,
    status: row.status,
    to: row.to_addresses,
    cc: row.cc_addresses,
    bcc: row.bcc_addresses,
    subject: row.subject,
    attempts: Number(row.attempts),
    lastError: row.last_error,
    attachments: (attachments ?? []) as SentMailAttachment[],
    createdBy: row.created_by,
    createdAt: new Date(row.created_at).toISOString(),
    sentAt: row.sent_at === null ? null : new Date(row.sent_at).toISOString(),
  };
}

export async function listSentMail(
  tx: Queryable,
  query: ListQuery<SentMailSortField> & { status?: SentMailStatus | undefined },
): Promise<{ items: SentMail[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (query.status) {
    params.push(query.status);
    where.push(`m.status = $${params.length}`);
  }
  if (query.search) {
    params.push(containsPattern(query.search));
    where.push(
      `(m.subject ILIKE $${params.length} OR array_to_string(m.to_addresses || m.cc_addresses || m.bcc_addresses, ' ') ILIKE $${params.length})`,
    );
  }
  const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const direction = query.sort.descending ? 'DESC' : 'ASC';
  const orderBy = `ORDER BY ${SORT_COLUMNS[query.sort.field]} ${direction} NULLS LAST, m.created_at DESC, m.id DESC`;
  const select = `SELECT ${COLUMNS} FROM mail_outbox m`;
  return selectPage(tx, { select, countFrom: 'mail_outbox m', where: filter, params, orderBy }, query, toSentMail);
}

export async function findSentMail(tx: Queryable, id: string): Promise<SentMailDetail | undefined> {
  return findById(
    tx,
    `SELECT ${COLUMNS}, m.body_text, m.body_html FROM mail_outbox m`,
    id,
    (row: SentRow) => ({ ...toSentMail(row), text: row.body_text ?? '', html: row.body_html ?? null }),
    { alias: 'm' },
  );
}
