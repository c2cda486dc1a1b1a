/**
 * logserver: `/audit` (the company's audit trail, filtered and paged) and `/audit-history` (one entity's
 * history, newest first). Permission `audit: read`; a company reads only its own entries, and a reader
 * only the entries of entities their role may read (`audit-visibility.ts`).
 */
import { auditEntrySchema, auditHistoryQuerySchema, auditQuerySchema } from '../../../src/shared/contracts/log.ts';
import { requires } from '../../http/route-permission.ts';
import type { App, ServiceDeps } from '../../http/build-service-app.ts';
import { runRead } from '../../http/idempotency.ts';
import { listMeta, listResponse, toListQuery } from '../../http/list-query.ts';
import { listAuditEntries } from './audit-log-repository.ts';
import { auditVisibility, redactEntry } from './audit-visibility.ts';

export function registerAuditRoutes(app: App, deps: ServiceDeps): void {
  app.get(
    '/audit',
    {
      config: { permission: requires('audit', 'read') },
      schema: {
        summary: 'The company’s audit trail, newest first by default',
        tags: ['audit'],
        querystring: auditQuerySchema,
        response: { 200: listResponse(auditEntrySchema) },
      },
    },
    async (req) => {
      const { action, entity, entityId, actorUserId, from, to } = req.query;
      const query = toListQuery(req.query, { field: 'createdAt', descending: true });
      const { items, total } = await runRead(deps, req, {}, (tx, auth) =>
        listAuditEntries(tx, query, { action, entity, entityId, actorUserId, from, to }, auditVisibility(auth)),
      );
      return { data: items.map(redactEntry), meta: listMeta(total, query) };
    },
  );

  app.get(
    '/audit-history',
    {
      config: { permission: requires('audit', 'read') },
      schema: {
        summary: 'One entity’s history, newest first',
        tags: ['audit'],
        querystring: auditHistoryQuerySchema,
        response: { 200: listResponse(auditEntrySchema) },
      },
    },
    async (req) => {
      const query = toListQuery({ ...req.query, sort: undefined }, { field: 'createdAt', descending: true });
      const { entity, entityId } = req.query;
      const { items, total } = await runRead(deps, req, {}, (tx, auth) =>
        listAuditEntries(tx, query, { entity, entityId }, auditVisibility(auth)),
      );
      return { data: items.map(redactEntry), meta: listMeta(total, query) };
    },
  );
}
