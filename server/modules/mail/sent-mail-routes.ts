/**
 * `GET /send` and `GET /send/:id`: the company's sent list (a list-only resource of the kit), newest
 * first, with each message's delivery state (`queued`, `sent` or `failed`, attempts, the last error
 * without credentials), and one message with its body.
 */
import type { z } from 'zod';
import { sentMailDetailSchema, sentMailListQuerySchema, sentMailSchema } from '../../../src/shared/contracts/mail.ts';
import { notFound } from '../../http/api-error.ts';
import { requires } from '../../http/route-permission.ts';
import type { App, ServiceDeps } from '../../http/build-service-app.ts';
import { runRead } from '../../http/idempotency.ts';
import { idParams, itemResponse, type ListQuery } from '../../http/list-query.ts';
import { registerListResource } from '../../http/resource-kit.ts';
import { findSentMail, listSentMail, type SentMailSortField } from './sent-mail-repository.ts';

export function registerSentMailRoutes(app: App, deps: ServiceDeps): void {
  registerListResource(app, deps, {
    path: '/send',
    permission: 'mail',
    schemas: { item: sentMailSchema, listQuery: sentMailListQuerySchema },
    defaultSort: { field: 'createdAt', descending: true },
    summary: 'The company’s sent mail, newest first (filter by status)',
    tag: 'mail',
    read: (tx, query, filters) => {
      const { status } = filters as z.output<typeof sentMailListQuerySchema>;
      return listSentMail(tx, { ...(query as ListQuery<SentMailSortField>), status });
    },
  });

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
