/**
 * Notifications under `/iamserver/api/v1` (docs/api.md section 8): the user's own list and read marks,
 * an administrator's general notification, and the live stream (a single-use ticket, then Server-Sent
 * Events whose frames are the shapes below). The Realtime Database copy maps to the same item.
 */
import { z } from 'zod';
import { DEFAULT_LIMIT, MAX_LIMIT, listMetaSchema } from './resource-contract.ts';

/** The most recipients one general notification may name. */
export const MAX_NOTIFICATION_RECIPIENTS = 1000;

export const notificationStatusSchema = z.enum(['new', 'loaded']);

/** One notification, whichever channel carries it (list, stream, Realtime Database). */
export const notificationItemSchema = z.object({
  _id: z.string(),
  status: notificationStatusSchema,
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** An in-app path (`/…`) or an http(s) address, or null. */
  link: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
  loadedAt: z.string().nullable(),
});

/** `GET /notifications`. */
export const notificationListQuerySchema = z.strictObject({
  status: notificationStatusSchema.optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT),
});

/** The list's `meta` carries the unread count too. */
export const notificationListMetaSchema = listMetaSchema.extend({ unread: z.number().int() });

/** `POST /notifications/mark-loaded`: those of `ids`, or all when absent. */
export const markLoadedBodySchema = z.strictObject({ ids: z.array(z.uuid()).max(500).optional() }).nullish();
export const markLoadedAnswerSchema = z.object({ updated: z.number().int(), unread: z.number().int() });

/** `POST /notifications/stream-ticket`: single use, valid 30 s. */
export const streamTicketAnswerSchema = z.object({ ticket: z.string(), expiresAt: z.string() });

/** `GET /notifications/stream`. */
export const streamQuerySchema = z.strictObject({
  ticket: z.string().min(16).max(200),
  /** For a fresh EventSource after a new ticket: the id of the last event seen (as Last-Event-ID). */
  lastEventId: z.string().max(200).optional(),
});

/** The stream's `snapshot` frame: the unread count and the latest notifications, newest first. */
export const notificationSnapshotSchema = z.object({
  unread: z.number().int(),
  items: z.array(notificationItemSchema),
});

/** The stream's `count` frame. */
export const unreadCountSchema = z.object({ unread: z.number().int() });

// An in-app path or a web address: never `javascript:` or another scheme a click could run.
const linkSchema = z
  .string()
  .trim()
  .max(2000)
  .regex(/^(\/(?!\/)|https?:\/\/)/, 'must be an in-app path (/…) or an http(s) address');

/** `POST /notifications` (administrators): to `userIds`, or every enabled user of the company but the sender. */
export const sendNotificationBodySchema = z.strictObject({
  title: z.string().trim().min(1).max(200),
  body: z.string().trim().max(4000),
  link: linkSchema.optional(),
  userIds: z.array(z.uuid()).min(1).max(MAX_NOTIFICATION_RECIPIENTS).optional(),
});

export const sendNotificationAnswerSchema = z.object({ count: z.number().int(), userIds: z.array(z.string()) });

export type NotificationStatus = z.infer<typeof notificationStatusSchema>;
export type NotificationItem = z.infer<typeof notificationItemSchema>;
export type NotificationSnapshot = z.infer<typeof notificationSnapshotSchema>;
export type NotificationListMeta = z.infer<typeof notificationListMetaSchema>;
export type SendNotificationInput = z.input<typeof sendNotificationBodySchema>;
