/**
 * The notification calls under `/iamserver/api/v1` (docs/api.md section 8): a user reads and marks their
 * own notifications; an administrator sends a general notification to users of their own company; the
 * live stream opens with a single-use ticket.
 *
 * Decisions:
 * - Sending needs `notifications:create` and `users:read` (addressing users needs the right to see them;
 *   the seeded Operations role holds `notifications:create` but not `users`, so it cannot broadcast).
 * - `userIds` omitted: every enabled user of the company except the sender. Named ids that are not
 *   enabled users of the caller's company (other tenants' users are invisible under row-level security)
 *   refuse the whole request: `400 VALIDATION_FAILED` with one detail per id (`body.userIds.N`).
 * - Reading, marking loaded and opening the stream need only a live session: they touch the caller's own rows.
 * - Sending is audited (`notification.send`, with the recipients); marking loaded is not (a read marker).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '../../../src/shared/api-envelope.ts';
import {
  markLoadedAnswerSchema,
  markLoadedBodySchema,
  notificationItemSchema,
  notificationListMetaSchema,
  notificationListQuerySchema,
  sendNotificationAnswerSchema,
  sendNotificationBodySchema,
  streamQuerySchema,
  streamTicketAnswerSchema,
} from '../../../src/shared/contracts/notifications.ts';
import { authenticate } from '../../auth/authenticate.ts';
import { ApiError } from '../../http/api-error.ts';
import { auditChange } from '../../http/audit-change.ts';
import { requireAuthContext } from '../../http/auth-context.ts';
import { requires } from '../../http/route-permission.ts';
import type { App, ServiceDeps } from '../../http/build-service-app.ts';
import { runRead, runWrite } from '../../http/idempotency.ts';
import { itemResponse, listResponse } from '../../http/list-query.ts';
import type { Queryable } from '../../db/database.ts';
import type { NotificationMirror } from './firebase-mirror.ts';
import { parseFeedCursor } from './notification-channel.ts';
import type { NotificationHub } from './notification-hub.ts';
import {
  countUnread,
  findEnabledUserIds,
  listEnabledUserIdsExcept,
  listNotifications,
} from './notification-repository.ts';
import { createNotifications, markLoaded } from './notification-service.ts';
import { openNotificationStream, publicNotification } from './notification-stream.ts';
import { issueStreamTicket, redeemStreamTicket } from './notification-stream-ticket.ts';

async function recipientsFor(
  tx: Queryable,
  senderId: string,
  userIds: readonly string[] | undefined,
): Promise<string[]> {
  if (!userIds) return listEnabledUserIdsExcept(tx, senderId);
  const unique = [...new Set(userIds.map((id) => id.toLowerCase()))];
  // Row-level security hides other companies' users: an id from another tenant is simply not found.
  const found = await findEnabledUserIds(tx, unique);
  const details = userIds
    .map((id, index) => ({ id, index }))
    .filter(({ id }) => !found.has(id.toLowerCase()))
    .map(({ index }) => ({ path: `body.userIds.${index}`, message: 'is not an enabled user of your company' }));
  if (details.length > 0) {
    throw new ApiError(400, ERROR_CODES.VALIDATION_FAILED, 'The request is not valid', { details });
  }
  return unique;
}

export interface NotificationRoutesOptions {
  hub: NotificationHub;
  mirror: NotificationMirror | undefined;
}

export async function registerNotificationRoutes(
  app: App,
  deps: ServiceDeps,
  options: NotificationRoutesOptions,
): Promise<void> {
  const { hub, mirror } = options;

  function mirrorLoaded(log: FastifyBaseLogger, companyId: string, userId: string, ids: string[]): void {
    if (!mirror || ids.length === 0) return;
    mirror.markLoaded(companyId, userId, ids).catch((error: unknown) => {
      log.warn({ err: error }, 'could not mirror loaded notifications to the realtime database');
    });
  }

  await app.register(async (instance) => {
    const authed = instance.withTypeProvider<ZodTypeProvider>();
    authed.addHook('onRequest', authenticate(deps));

    authed.post(
      '/notifications',
      {
        // Addressing users needs the right to see them, not only to create notifications.
        config: { permission: [requires('notifications', 'create'), requires('users', 'read')] },
        schema: {
          summary:
            'Send a general notification to users of your own company (every enabled user but you when userIds is omitted)',
          tags: ['notifications'],
          body: sendNotificationBodySchema,
          response: { 201: itemResponse(sendNotificationAnswerSchema) },
        },
      },
      async (req, reply) => {
        const auth = requireAuthContext(req);
        const { title, body, link, userIds } = req.body;
        return runWrite(deps, req, reply, { status: 201 }, async (tx) => {
          const recipients = await recipientsFor(tx, auth.userId, userIds);
          const created = await createNotifications(tx, {
            companyId: auth.companyId,
            userIds: recipients,
            kind: 'general',
            title,
            body,
            link: link ?? null,
            createdBy: auth.userId,
          });
          await auditChange(tx, req, auth, {
            action: 'notification.send',
            entity: 'notification',
            entityId: null,
            after: { kind: 'general', title, body, link: link ?? null },
            extra: { recipients: recipients.length, userIds: recipients, broadcast: userIds === undefined },
          });
          return { data: { count: created.length, userIds: recipients } };
        });
      },
    );

    authed.get(
      '/notifications',
      {
        schema: {
          summary: 'Your own notifications, newest first, with the unread count',
          tags: ['notifications'],
          querystring: notificationListQuerySchema,
          response: { 200: listResponse(notificationItemSchema, notificationListMetaSchema) },
        },
      },
      async (req) => {
        const { status, page, limit } = req.query;
        return runRead(deps, req, {}, async (tx, auth) => {
          const { items, total } = await listNotifications(tx, auth.userId, {
            status,
            limit,
            offset: (page - 1) * limit,
          });
          const unread = await countUnread(tx, auth.userId);
          return { data: items.map(publicNotification), meta: { total, page, limit, unread } };
        });
      },
    );

    authed.post(
      '/notifications/mark-loaded',
      {
        schema: {
          summary: 'Mark your notifications loaded (those of ids, or all); answers the new unread count',
          tags: ['notifications'],
          body: markLoadedBodySchema,
          response: { 200: itemResponse(markLoadedAnswerSchema) },
        },
      },
      async (req, reply) => {
        const auth = requireAuthContext(req);
        let changed: string[] = [];
        const result = await runWrite(deps, req, reply, {}, async (tx) => {
          changed = await markLoaded(tx, {
            companyId: auth.companyId,
            userId: auth.userId,
            ids: req.body?.ids,
            now: deps.now(),
          });
          return { data: { updated: changed.length, unread: await countUnread(tx, auth.userId) } };
        });
        mirrorLoaded(req.log, auth.companyId, auth.userId, changed);
        return result;
      },
    );

    authed.post(
      '/notifications/stream-ticket',
      {
        schema: {
          summary: 'A single-use ticket, valid 30 s, that opens GET /notifications/stream',
          tags: ['notifications'],
          response: { 200: itemResponse(streamTicketAnswerSchema) },
        },
      },
      async (req) => ({ data: await issueStreamTicket(deps, requireAuthContext(req)) }),
    );
  });

  app.get(
    '/notifications/stream',
    {
      schema: {
        summary:
          'Live notifications as Server-Sent Events (snapshot, notification, count); opened with a ticket from POST /notifications/stream-ticket',
        tags: ['notifications'],
        querystring: streamQuerySchema,
      },
    },
    async (req, reply) => {
      const owner = await redeemStreamTicket(deps, req.query.ticket);
      const header = req.headers['last-event-id'];
      const after = parseFeedCursor(typeof header === 'string' && header ? header : req.query.lastEventId);
      const { body, detach } = openNotificationStream({
        deps,
        hub,
        owner,
        after,
        log: req.log,
      });
      reply.raw.on('close', detach);
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .send(body);
    },
  );
}
