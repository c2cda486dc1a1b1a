/**
 * The transactional mail outbox (table `mail_outbox`, migration 003). Any service sends mail by calling
 * `enqueueMail` inside the transaction of its business write: the message exists, and the mailserver's
 * delivery worker is woken (`NOTIFY mail_outbox`, delivered at commit), only if that write commits.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';

export interface MailMessage {
  /**
   * The company the message belongs to (its row is then subject to that company's row-level security), or
   * `null` for system mail; a `null` row can be written only in a `freight_system` transaction.
   */
  companyId: string | null;
  to: string[];
  cc?: string[];
  bcc?: string[];
  subject: string;
  /** Plain-text body; always present so that every client can read the message. */
  text: string;
  html?: string;
  /** What the message is, for logs and lists: `password_reset`, `two_factor_code`, `user_mail`, … */
  kind: string;
  /**
   * Show the message in the company's own mail list (`GET /mailserver/api/v1/send`). Default `false`:
   * system mail carrying a code or a link is a credential and stays invisible to tenant-scoped reads.
   */
  listedForCompany?: boolean;
  /** The user who caused the message, when there is one. */
  createdBy?: string | null;
}

export const MAIL_OUTBOX_CHANNEL = 'mail_outbox';

const ADDRESS = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+$/;

function addresses(list: string[] | undefined, field: string): string[] {
  const result = (list ?? []).map((a) => a.trim());
  for (const address of result) {
    if (!ADDRESS.test(address) || address.length > 254) throw new Error(`enqueueMail: invalid ${field} address`);
  }
  return result;
}

/** Queues `message` in the caller's transaction and returns its id. */
export async function enqueueMail(tx: Queryable, message: MailMessage): Promise<string> {
  const to = addresses(message.to, 'to');
  if (to.length === 0) throw new Error('enqueueMail: at least one recipient is required');
  const id = randomUUID();
  // No RETURNING: a row that is not listed for the company is invisible to the inserting tenant role.
  await tx.query(
    `INSERT INTO mail_outbox
       (id, company_id, listed_for_company, kind, to_addresses, cc_addresses, bcc_addresses,
        subject, body_text, body_html, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      id,
      message.companyId,
      message.listedForCompany ?? false,
      message.kind,
      to,
      addresses(message.cc, 'cc'),
      addresses(message.bcc, 'bcc'),
      message.subject,
      message.text,
      message.html ?? null,
      message.createdBy ?? null,
    ],
  );
  await tx.query('SELECT pg_notify($1, $2)', [MAIL_OUTBOX_CHANNEL, id]);
  return id;
}

/** A message claimed by a worker for one delivery attempt. */
export interface ClaimedMail {
  id: string;
  kind: string;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  text: string;
  html: string | null;
  /** This attempt's number, starting at 1; also the fencing value for recording the outcome. */
  attempt: number;
}

interface ClaimedRow {
  id: string;
  kind: string;
  to_addresses: string[];
  cc_addresses: string[];
  bcc_addresses: string[];
  subject: string;
  body_text: string;
  body_html: string | null;
  attempts: number;
}

/**
 * Claims up to `limit` due messages: rows locked by another worker are skipped, and each claimed row's next
 * attempt moves to `leaseUntil`, so that no other worker picks it while this one delivers it (and one does
 * pick it again if this worker dies). A never-attempted row is due whatever the clocks say.
 */
export async function claimDueMail(
  tx: Queryable,
  options: { now: Date; leaseUntil: Date; limit: number },
): Promise<ClaimedMail[]> {
  const { rows } = await tx.query<ClaimedRow>(
    `UPDATE mail_outbox AS m
        SET attempts = m.attempts + 1, next_attempt_at = $2, updated_at = $1
      WHERE m.id IN (
        SELECT id FROM mail_outbox
         WHERE status = 'queued' AND (attempts = 0 OR next_attempt_at <= $1)
         ORDER BY next_attempt_at, created_at
         LIMIT $3
         FOR UPDATE SKIP LOCKED)
      RETURNING m.id, m.kind, m.to_addresses, m.cc_addresses, m.bcc_addresses, m.subject, m.body_text,
                m.body_html, m.attempts`,
    [options.now, options.leaseUntil, options.limit],
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    to: r.to_addresses,
    cc: r.cc_addresses,
    bcc: r.bcc_addresses,
    subject: r.subject,
    text: r.body_text,
    html: r.body_html,
    attempt: r.attempts,
  }));
}

/** Records a delivery; a no-op if another worker has since taken the row over (its lease expired). */
export async function markMailSent(tx: Queryable, mail: { id: string; attempt: number }, now: Date): Promise<boolean> {
  const { affectedRows } = await tx.query(
    `UPDATE mail_outbox SET status = 'sent', sent_at = $3, updated_at = $3, last_error = NULL
      WHERE id = $1 AND attempts = $2 AND status = 'queued'`,
    [mail.id, mail.attempt, now],
  );
  return affectedRows === 1;
}

/** Records a failed attempt: retried at `retryAt`, or `failed` for good when `retryAt` is null. */
export async function markMailAttemptFailed(
  tx: Queryable,
  mail: { id: string; attempt: number },
  outcome: { error: string; retryAt: Date | null; now: Date },
): Promise<boolean> {
  const { affectedRows } = await tx.query(
    `UPDATE mail_outbox
        SET status = CASE WHEN $3::timestamptz IS NULL THEN 'failed' ELSE 'queued' END,
            next_attempt_at = COALESCE($3::timestamptz, next_attempt_at),
            last_error = $4, updated_at = $5
      WHERE id = $1 AND attempts = $2 AND status = 'queued'`,
    [mail.id, mail.attempt, outcome.retryAt, outcome.error, outcome.now],
  );
  return affectedRows === 1;
}

/** When the next queued message falls due: `null` when none is queued, `'now'` when one was never tried. */
export async function nextMailDueAt(tx: Queryable): Promise<Date | 'now' | null> {
  const { rows } = await tx.query<{ fresh: boolean | null; due: Date | string | null }>(
    `SELECT bool_or(attempts = 0) AS fresh, min(next_attempt_at) AS due FROM mail_outbox WHERE status = 'queued'`,
  );
  const row = rows[0];
  if (!row || row.due === null) return null;
  if (row.fresh) return 'now';
  return new Date(row.due);
}

export interface OutboxStatus {
  id: string;
  status: 'queued' | 'sent' | 'failed';
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
}

/** One message's delivery state (system role). */
export async function findOutboxStatus(tx: Queryable, id: string): Promise<OutboxStatus | undefined> {
  const { rows } = await tx.query<{
    id: string;
    status: OutboxStatus['status'];
    attempts: number;
    next_attempt_at: Date;
    last_error: string | null;
  }>('SELECT id, status, attempts, next_attempt_at, last_error FROM mail_outbox WHERE id = $1', [id]);
  const row = rows[0];
  return row
    ? {
        id: row.id,
        status: row.status,
        attempts: row.attempts,
        nextAttemptAt: new Date(row.next_attempt_at),
        lastError: row.last_error,
      }
    : undefined;
}

/** Messages of the whole outbox not sent yet (system transaction): the mail-queue bench's loss check. */
export async function countUnsentMail(tx: Queryable): Promise<number> {
  const { rows } = await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM mail_outbox WHERE status <> 'sent'");
  return rows[0]!.n;
}
