/**
 * `GET /send` and `GET /send/:id`: the company's sent list, newest first, with each message's delivery
 * state (`queued`, `sent` or `failed`, attempts, the last error without credentials).
 */
import { sentMailDetailSchema, sentMailListQuerySchema, sentMailSchema } from '../../../src/shared/contracts/mail.ts';
import { notFound } from '../../http/api-error.ts';
import { requires } from '../../http/route-permission.ts';
import type { App, ServiceDeps } from '../../http/build-service-app.ts';
import { runRead } from '../../http/idempotency.ts';
import { idParams, itemResponse, listMeta, listResponse, toListQuery } from '../../http/list-query.ts';
import { findSentMail, listSentMail } from './sent-mail-repository.ts';

export function registerSentMailRoutes(app: App, deps: ServiceDeps): void {
  app.get(
    '/send',
    {
      config: { permission: requires('mail', 'read') },
      schema: {
        summary: 'The company’s sent mail, newest first (filter by status)',
        tags: ['mail'],
        querystring: sentMailListQuerySchema,
        response: { 200: listResponse(sentMailSchema) },
      },
    },
    async (req) => {
      const query = toListQuery(req.query, { field: 'createdAt', descending: true });
      const { items, total } = await runRead(deps, req, {}, (tx) =>
        listSentMail(tx, { ...query, status: req.query.status }),
      );
      return { data: items, meta: listMeta(total, query) };
    },
  );

  app.get(
    '/send/:id',
    {
      config: { permission: requires('mail', 'read') },
      schema: {
        summary: 'One sent message with its body and delivery state',
        tags: ['mail'],
        params: idParams,
        response: { 200: itemResponse(sentMailDetailSchema) },
      },
    },
    async (req) => {
      const mail = await runRead(deps, req, {}, (tx) => findSentMail(tx, req.params.id));
      if (!mail) throw notFound('Message');
      return { data: mail };
    },
  );
}
