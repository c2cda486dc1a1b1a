/**
 * logserver: `/audit` (the company's audit trail, filtered and paged) and `/audit-history` (one entity's
 * history, newest first), both list-only resources of the kit. Permission `audit: read`; a company reads
 * only its own entries, and a reader only the entries of entities their role may read
 * (`audit-visibility.ts`).
 */
import type { z } from 'zod';
import { auditEntrySchema, auditHistoryQuerySchema, auditQuerySchema } from '../../../src/shared/contracts/log.ts';
import type { App, ServiceDeps } from '../../http/build-service-app.ts';
import type { ListQuery, SortOrder } from '../../http/list-query.ts';
import { registerListResource } from '../../http/resource-kit.ts';
import { listAuditEntries, type AuditSortField } from './audit-log-repository.ts';
import { auditVisibility, redactEntry } from './audit-visibility.ts';

const NEWEST_FIRST: SortOrder<AuditSortField> = { field: 'createdAt', descending: true };

export function registerAuditRoutes(app: App, deps: ServiceDeps): void {
  registerListResource(app, deps, {
    path: '/audit',
    permission: 'audit',
    schemas: { item: auditEntrySchema, listQuery: auditQuerySchema },
    defaultSort: NEWEST_FIRST,
    summary: 'The company’s audit trail, newest first by default',
    tag: 'audit',
    read: async (tx, query, filters, auth) => {
      const { action, entity, entityId, actorUserId, from, to } = filters as z.output<typeof auditQuerySchema>;
      const { items, total } = await listAuditEntries(
        tx,
        query as ListQuery<AuditSortField>,
        { action, entity, entityId, actorUserId, from, to },
        auditVisibility(auth),
      );
      return { items: items.map(redactEntry), total };
    },
  });

  registerListResource(app, deps, {
    path: '/audit-history',
    permission: 'audit',
    schemas: { item: auditEntrySchema, listQuery: auditHistoryQuerySchema },
    defaultSort: NEWEST_FIRST,
    summary: 'One entity’s history, newest first',
    tag: 'audit',
    read: async (tx, query, filters, auth) => {
      const { entity, entityId } = filters as z.output<typeof auditHistoryQuerySchema>;
      // Always newest first, whatever `sort` says.
      const { items, total } = await listAuditEntries(
        tx,
        { ...query, sort: NEWEST_FIRST },
        { entity, entityId },
        auditVisibility(auth),
      );
      return { items: items.map(redactEntry), total };
    },
  });
}
