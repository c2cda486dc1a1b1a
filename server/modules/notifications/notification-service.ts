/**
 * Creating notifications and marking them loaded, for any module, inside the caller's own transaction.
 * Each change is announced on the `notifications` channel with `pg_notify`: PostgreSQL delivers it to every
 * listening service instance after COMMIT (and drops it on ROLLBACK), and each instance fans it out to the
 * streams it holds.
 */
import type { Queryable } from '../../db/database.ts';
import { encodeChannelMessage, NOTIFICATIONS_CHANNEL } from './notification-channel.ts';
import {
  insertNotifications,
  listCompanyAdminUserIds,
  markNotificationsLoaded,
  notifyChannel,
  type StoredNotification,
} from './notification-repository.ts';

export interface CreateNotificationsInput {
  /** The tenant; the transaction must be scoped to it (or run as the system role). */
  companyId: string;
  /** Recipients, users of `companyId`. Duplicates are sent once. */
  userIds: readonly string[];
  /** What produced it, lower-case with hyphens: `general`, `plan-expiry`, … */
  kind: string;
  title: string;
  body: string;
  /** An in-app path (or URL) the notification opens. */
  link?: string | null | undefined;
  /** The user who sent it; null for the system. */
  createdBy?: string | null | undefined;
}

/** Stores one notification per recipient and announces each; returns them in recipient order. */
export async function createNotifications(
  tx: Queryable,
  input: CreateNotificationsInput,
): Promise<StoredNotification[]> {
  const userIds = [...new Set(input.userIds.map((id) => id.toLowerCase()))];
  const created = await insertNotifications(tx, {
    companyId: input.companyId,
    userIds,
    kind: input.kind,
    title: input.title,
    body: input.body,
    link: input.link ?? null,
    createdBy: input.createdBy ?? null,
  });
  await notifyChannel(
    tx,
    NOTIFICATIONS_CHANNEL,
    created.map((n) =>
      encodeChannelMessage({ type: 'created', companyId: input.companyId, userId: n.userId, id: n._id }),
    ),
  );
  return created;
}

/** Marks the user's notifications (`ids`, or all) loaded; announces the new count when anything changed. */
export async function markLoaded(
  tx: Queryable,
  input: { companyId: string; userId: string; ids?: readonly string[] | undefined; now: Date },
): Promise<string[]> {
  const changed = await markNotificationsLoaded(tx, input.userId, input.ids, input.now);
  if (changed.length > 0) {
    await notifyChannel(tx, NOTIFICATIONS_CHANNEL, [
      encodeChannelMessage({ type: 'loaded', companyId: input.companyId, userId: input.userId }),
    ]);
  }
  return changed;
}

/**
 * Tells the company's administrators (users whose role grants `company` permissions, as the plan-expiry
 * notice counts them) about something they should check, such as a change to the mail that signs people in.
 */
export async function notifyCompanyAdmins(
  tx: Queryable,
  input: Omit<CreateNotificationsInput, 'userIds'>,
): Promise<StoredNotification[]> {
  const admins = await listCompanyAdminUserIds(tx, input.companyId);
  if (admins.length === 0) return [];
  return createNotifications(tx, { ...input, userIds: admins });
}
