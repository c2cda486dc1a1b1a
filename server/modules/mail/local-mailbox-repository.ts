/**
 * The embedded local mailbox (table `local_mailbox`, migration 003): where mail is delivered when no SMTP
 * server is configured, read back by the development-only `GET /dev/mailbox`. System role only.
 */
import type { Queryable } from '../../db/database.ts';

export interface LocalMail {
  outboxId: string;
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  text: string;
  html: string | null;
}

/** Stores one delivered message; delivering the same outbox message again stores nothing. */
export async function insertLocalMail(tx: Queryable, mail: LocalMail, now: Date): Promise<void> {
  const recipients = [...new Set([...mail.to, ...mail.cc, ...mail.bcc].map((a) => a.toLowerCase()))];
  await tx.query(
    `INSERT INTO local_mailbox
       (outbox_id, from_address, to_addresses, cc_addresses, bcc_addresses, recipients, subject, body_text,
        body_html, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (outbox_id) DO NOTHING`,
    [mail.outboxId, mail.from, mail.to, mail.cc, mail.bcc, recipients, mail.subject, mail.text, mail.html, now],
  );
}

export interface LocalMailboxEntry {
  /** The mailbox's own address: the one the caller asked about (it may have been a cc or bcc). */
  to: string;
  /** The message's To header. */
  toAddresses: string[];
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
}

/** The messages delivered to `address` (as to, cc or bcc), newest first. */
export async function listLocalMail(tx: Queryable, address: string, limit = 100): Promise<LocalMailboxEntry[]> {
  const { rows } = await tx.query<{
    to_addresses: string[];
    subject: string;
    body_text: string;
    body_html: string | null;
    created_at: Date | string;
  }>(
    `SELECT to_addresses, subject, body_text, body_html, created_at
       FROM local_mailbox
      WHERE recipients @> ARRAY[lower($1)]
      ORDER BY created_at DESC, id DESC
      LIMIT $2`,
    [address, limit],
  );
  return rows.map((r) => ({
    to: address.toLowerCase(),
    toAddresses: r.to_addresses,
    subject: r.subject,
    text: r.body_text,
    html: r.body_html,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
