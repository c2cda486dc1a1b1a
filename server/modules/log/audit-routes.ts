/**
 * logserver: `/audit` (the company's audit trail, filtered and paged) and `/audit-history` (one entity's
 * history, newest first). Permission `audit: read`; a company reads only its own entries.
 */
import { z } from 'zod';
import { requires } from '../../http/route-permission.ts';
import type { App, ServiceDeps } from '../../http/build-service-app.ts';
import { runRead } from '../../http/idempotency.ts';
import { listMeta, listQuerySchema, listResponse, toListQuery } from '../../http/list-query.ts';
import { AUDIT_SORT_FIELDS, listAuditEntries } from './audit-log-repository.ts';

const auditEntrySchema = z.object({
  _id: z.string(),
  companyId: z.string(),
  actorUserId: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  changes: z.record(z.string(), z.unknown()),
  requestId: z.string().nullable(),
  createdAt: z.string(),
});

const name = z.string().trim().min(1).max(100);

const auditQuery = listQuerySchema(AUDIT_SORT_FIELDS).extend({
  action: name.optional(),
  entity: name.optional(),
  entityId: z.string().trim().min(1).max(100).optional(),
  actorUserId: z.uuid().optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});

const historyQuery = listQuerySchema(['createdAt'] as const).extend({
  entity: name,
  entityId: z.string().trim().min(1).max(100),
});

export function registerAuditRoutes(app: App, deps: ServiceDeps): void {
  app.get(
    '/audit',
    {
      config: { permission: requires('audit', 'read') },
      schema: {
        summary: 'The company’s audit trail, newest first by default',
        tags: ['audit'],
        querystring: auditQuery,
        response: { 200: listResponse(auditEntrySchema) },
      },
    },
    async (req) => {
      const { action, entity, entityId, actorUserId, from, to } = req.query;
      const query = toListQuery(req.query, { field: 'createdAt', descending: true });
      const { items, total } = await runRead(deps, req, {}, (tx) =>
        listAuditEntries(tx, query, { action, entity, entityId, actorUserId, from, to }),
      );
      return { data: items, meta: listMeta(total, query) };
    },
  );

  app.get(
    '/audit-history',
    {
      config: { permission: requires('audit', 'read') },
      schema: {
        summary: 'One entity’s history, newest first',
        tags: ['audit'],
        querystring: historyQuery,
        response: { 200: listResponse(auditEntrySchema) },
      },
    },
    async (req) => {
      const query = toListQuery({ ...req.query, sort: undefined }, { field: 'createdAt', descending: true });
      const { entity, entityId } = req.query;
      const { items, total } = await runRead(deps, req, {}, (tx) => listAuditEntries(tx, query, { entity, entityId }));
      return { data: items, meta: listMeta(total, query) };
    },
  );
}
