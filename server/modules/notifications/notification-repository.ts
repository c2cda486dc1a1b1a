/**
 * SQL for notifications, their stream tickets and the daily plan-expiry notices. Everything keyed by a
 * company runs inside that company's transaction (row-level security); the plan-expiry scan across
 * companies runs as the system role.
 */
import type { NotificationItem, NotificationStatus } from '../../../src/shared/contracts/notifications.ts';
import type { Queryable } from '../../db/database.ts';
import { isoTimestamp, selectPage } from '../../http/list-sql-repository.ts';

/** A notification as stored: the item every client receives, plus its owner and its feed position. */
export interface StoredNotification extends NotificationItem {
  userId: string;
  /** `created_at` to the microsecond plus the id: the position in the user's feed (SSE event id). */
  cursor: string;
}

/** A position in a user's feed, newest first by (created_at, id). */
export interface FeedCursor {
  /** ISO timestamp with microseconds, UTC. */
  at: string;
  id: string;
}

const SELECT_NOTIFICATION = `SELECT id, user_id, status, kind, title, body, link, created_at, loaded_at,
        to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at
   FROM notifications`;

function toItem(r: Record<string, unknown>): StoredNotification {
  return {
    _id: r.id as string,
    userId: r.user_id as string,
    status: r.status as NotificationStatus,
    kind: r.kind as string,
    title: r.title as string,
    body: r.body as string,
    link: (r.link as string | null) ?? null,
    createdAt: isoTimestamp(r.created_at),
    loadedAt: r.loaded_at ? isoTimestamp(r.loaded_at) : null,
    cursor: `${r.cursor_at as string}_${r.id as string}`,
  };
}

export interface NewNotificationRow {
  companyId: string;
  userIds: readonly string[];
  kind: string;
  title: string;
  body: string;
  link: string | null;
  createdBy: string | null;
}

/** One row per user; returns the rows in the order of `userIds`. */
export async function insertNotifications(tx: Queryable, row: NewNotificationRow): Promise<StoredNotification[]> {
  if (row.userIds.length === 0) return [];
  const { rows } = await tx.query(
    `WITH inserted AS (
       INSERT INTO notifications (company_id, user_id, kind, title, body, link, created_by)
       SELECT $1, u.user_id, $3, $4, $5, $6, $7 FROM unnest($2::uuid[]) WITH ORDINALITY AS u(user_id, n)
       ORDER BY u.n
       RETURNING id, user_id, status, kind, title, body, link, created_at, loaded_at
     )
     SELECT i.*, to_char(i.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at FROM inserted i`,
    [row.companyId, row.userIds, row.kind, row.title, row.body, row.link, row.createdBy],
  );
  return rows.map(toItem);
}

/** `pg_notify` for each payload: delivered to every listener after COMMIT, dropped on ROLLBACK. */
export async function notifyChannel(tx: Queryable, channel: string, payloads: readonly string[]): Promise<void> {
  if (payloads.length === 0) return;
  await tx.query('SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p', [channel, payloads]);
}

/** The user's notifications among `ids` (one query for a burst of NOTIFYs); absent ids are skipped. */
export async function findNotificationsForUser(
  tx: Queryable,
  ids: readonly string[],
  userId: string,
): Promise<StoredNotification[]> {
  if (ids.length === 0) return [];
  const { rows } = await tx.query(`${SELECT_NOTIFICATION} WHERE id = ANY($1::uuid[]) AND user_id = $2`, [ids, userId]);
  return rows.map(toItem);
}

export async function listNotifications(
  tx: Queryable,
  userId: string,
  query: { status?: NotificationStatus | undefined; limit: number; offset: number },
): Promise<{ items: StoredNotification[]; total: number }> {
  const params: unknown[] = [userId];
  let where = 'WHERE user_id = $1';
  if (query.status) {
    params.push(query.status);
    where += ` AND status = $${params.length}`;
  }
  const orderBy = 'ORDER BY created_at DESC, id DESC';
  return selectPage(
    tx,
    { select: SELECT_NOTIFICATION, countFrom: 'notifications', where, params, orderBy },
    query,
    toItem,
  );
}

export async function countUnread(tx: Queryable, userId: string): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND status = 'new'`,
    [userId],
  );
  return rows[0]!.n;
}

/** The user's notifications after `cursor`, oldest first (catch-up after a reconnect). */
export async function listNotificationsAfter(
  tx: Queryable,
  userId: string,
  cursor: FeedCursor,
  limit: number,
): Promise<StoredNotification[]> {
  const { rows } = await tx.query(
    `${SELECT_NOTIFICATION}
      WHERE user_id = $1 AND (created_at, id) > ($2::timestamptz, $3::uuid)
      ORDER BY created_at ASC, id ASC LIMIT $4`,
    [userId, cursor.at, cursor.id, limit],
  );
  return rows.map(toItem);
}

/** Marks the user's `new` notifications (all, or those of `ids`) loaded; returns the ids changed. */
export async function markNotificationsLoaded(
  tx: Queryable,
  userId: string,
  ids: readonly string[] | undefined,
  now: Date,
): Promise<string[]> {
  const { rows } = ids
    ? await tx.query<{ id: string }>(
        `UPDATE notifications SET status = 'loaded', loaded_at = $2
          WHERE user_id = $1 AND status = 'new' AND id = ANY($3::uuid[]) RETURNING id`,
        [userId, now, ids],
      )
    : await tx.query<{ id: string }>(
        `UPDATE notifications SET status = 'loaded', loaded_at = $2 WHERE user_id = $1 AND status = 'new' RETURNING id`,
        [userId, now],
      );
  return rows.map((r) => r.id);
}

/** Claims the copy of a notification to the realtime database: only the first instance to ask gets it. */
export async function claimNotificationMirror(
  tx: Queryable,
  id: string,
  now: Date,
): Promise<(StoredNotification & { companyId: string }) | undefined> {
  const { rows } = await tx.query(
    `UPDATE notifications SET mirrored_at = $2 WHERE id = $1 AND mirrored_at IS NULL
     RETURNING id, company_id, user_id, status, kind, title, body, link, created_at, loaded_at,
               to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at`,
    [id, now],
  );
  return rows[0] ? { ...toItem(rows[0]), companyId: rows[0].company_id as string } : undefined;
}

// ---------------------------------------------------------------------------------------------
// Recipients

/** Which of `ids` are enabled users of the transaction's company (row-level security hides the rest). */
export async function findEnabledUserIds(tx: Queryable, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await tx.query<{ id: string }>('SELECT id FROM users WHERE id = ANY($1::uuid[]) AND NOT disabled', [
    ids,
  ]);
  return new Set(rows.map((r) => r.id));
}

/** Every enabled user of the transaction's company but `exceptUserId`, oldest account first. */
export async function listEnabledUserIdsExcept(tx: Queryable, exceptUserId: string): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(
    'SELECT id FROM users WHERE NOT disabled AND id <> $1 ORDER BY created_at, id',
    [exceptUserId],
  );
  return rows.map((r) => r.id);
}

/** The company's administrators: enabled users whose role grants any `company` permission. */
export async function listCompanyAdminUserIds(tx: Queryable, companyId: string): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT u.id FROM users u JOIN roles r ON r.id = u.role_id
      WHERE u.company_id = $1 AND NOT u.disabled
        AND jsonb_typeof(r.permissions -> 'company') = 'array'
        AND jsonb_array_length(r.permissions -> 'company') > 0
      ORDER BY u.created_at, u.id`,
    [companyId],
  );
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------
// Live streams: session liveness

/**
 * Of the (session, user) pairs given, those whose session is not revoked and whose user is not disabled:
 * one query for every stream of the instance. Runs as the system role (the sessions span companies).
 */
export async function findLiveSessions(
  tx: Queryable,
  sessionIds: readonly string[],
): Promise<Array<{ sessionId: string; userId: string }>> {
  if (sessionIds.length === 0) return [];
  const { rows } = await tx.query<{ id: string; user_id: string }>(
    `SELECT s.id, s.user_id FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id = ANY($1::uuid[]) AND s.revoked_at IS NULL AND NOT u.disabled`,
    [sessionIds],
  );
  return rows.map((r) => ({ sessionId: r.id, userId: r.user_id }));
}

// ---------------------------------------------------------------------------------------------
// Stream tickets

export async function insertStreamTicket(
  tx: Queryable,
  ticket: { hash: string; companyId: string; userId: string; sessionId: string; expiresAt: Date },
): Promise<void> {
  await tx.query(
    `INSERT INTO notification_stream_tickets (ticket_hash, company_id, user_id, session_id, expires_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [ticket.hash, ticket.companyId, ticket.userId, ticket.sessionId, ticket.expiresAt],
  );
}

/** Removes the caller's company's expired tickets (housekeeping on each new ticket). */
export async function deleteExpiredStreamTickets(tx: Queryable, now: Date): Promise<void> {
  await tx.query('DELETE FROM notification_stream_tickets WHERE expires_at <= $1', [now]);
}

/**
 * Uses a ticket up: deletes it and returns its owner when it was still valid. Runs as the system role,
 * since the company is not known until the ticket is found.
 */
export async function consumeStreamTicket(
  tx: Queryable,
  hash: string,
  now: Date,
): Promise<{ companyId: string; userId: string; sessionId: string } | undefined> {
  const { rows } = await tx.query<{ company_id: string; user_id: string; session_id: string; valid: boolean }>(
    `DELETE FROM notification_stream_tickets WHERE ticket_hash = $1
     RETURNING company_id, user_id, session_id, expires_at > $2 AS valid`,
    [hash, now],
  );
  const row = rows[0];
  if (!row || !row.valid) return undefined;
  return { companyId: row.company_id, userId: row.user_id, sessionId: row.session_id };
}

// ---------------------------------------------------------------------------------------------
// Plan-expiry notices

/** Companies whose plan expires on a day in [from, to] (dates, inclusive). System role. */
export async function listCompaniesWithPlanExpiring(
  tx: Queryable,
  from: string,
  to: string,
): Promise<Array<{ id: string; expiryDate: string }>> {
  const { rows } = await tx.query<{ id: string; expiry: string }>(
    `SELECT id, to_char(plan_expiry_date, 'YYYY-MM-DD') AS expiry FROM companies
      WHERE plan_expiry_date BETWEEN $1::date AND $2::date ORDER BY id`,
    [from, to],
  );
  return rows.map((r) => ({ id: r.id, expiryDate: r.expiry }));
}

/** Records today's notice for the company; false when one was already recorded today. */
export async function claimPlanExpiryNotice(
  tx: Queryable,
  notice: { companyId: string; noticeDate: string; expiryDate: string },
): Promise<boolean> {
  const { rows } = await tx.query(
    `INSERT INTO plan_expiry_notices (company_id, notice_date, expiry_date) VALUES ($1, $2, $3)
     ON CONFLICT (company_id, notice_date) DO NOTHING RETURNING company_id`,
    [notice.companyId, notice.noticeDate, notice.expiryDate],
  );
  return rows.length > 0;
}
