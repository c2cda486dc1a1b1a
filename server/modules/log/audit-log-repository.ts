/**
 * SQL for reading the audit trail (logserver), inside a tenant transaction: a company reads only its own
 * entries.
 */
import type { AUDIT_SORT_FIELDS, AuditEntry } from '../../../src/shared/contracts/log.ts';
import type { Queryable } from '../../db/database.ts';
import { containsPattern, type ListQuery } from '../../http/list-query.ts';
import { isoTimestamp, orderByClause, selectPage } from '../../http/list-sql-repository.ts';

export type AuditSortField = (typeof AUDIT_SORT_FIELDS)[number];

const SORT_COLUMNS: Record<AuditSortField, string> = {
  createdAt: 'created_at',
  action: 'action',
  entity: 'entity',
};

export type AuditLogItem = AuditEntry;

export interface AuditFilters {
  action?: string | undefined;
  entity?: string | undefined;
  entityId?: string | undefined;
  actorUserId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** What the reader may see: entries of these entities, and besides them one record of their own. */
export interface AuditVisibility {
  entities: readonly string[];
  own?: { entity: string; entityId: string } | undefined;
}

const SELECT_ENTRY = `SELECT id, company_id, actor_user_id, action, entity, entity_id, changes, request_id, created_at,
       (SELECT u.name FROM users u WHERE u.id = audit_log.actor_user_id) AS actor_name
  FROM audit_log`;

function toEntry(r: Record<string, unknown>): AuditLogItem {
  const changes = typeof r.changes === 'string' ? JSON.parse(r.changes) : r.changes;
  return {
    _id: String(r.id),
    companyId: r.company_id as string,
    actorUserId: (r.actor_user_id as string | null) ?? null,
    actorName: (r.actor_name as string | null) || null,
    action: r.action as string,
    entity: r.entity as string,
    entityId: (r.entity_id as string | null) ?? null,
    changes: (changes ?? {}) as Record<string, unknown>,
    requestId: (r.request_id as string | null) ?? null,
    createdAt: isoTimestamp(r.created_at),
  };
}

export async function listAuditEntries(
  tx: Queryable,
  query: ListQuery<AuditSortField>,
  filters: AuditFilters,
  visible: AuditVisibility,
): Promise<{ items: AuditLogItem[]; total: number }> {
  const where = `WHERE ($1::text IS NULL OR action ILIKE $1 OR entity ILIKE $1 OR entity_id ILIKE $1)
                   AND ($2::text IS NULL OR action = $2)
                   AND ($3::text IS NULL OR entity = $3)
                   AND ($4::text IS NULL OR entity_id = $4)
                   AND ($5::uuid IS NULL OR actor_user_id = $5)
                   AND ($6::timestamptz IS NULL OR created_at >= $6)
                   AND ($7::timestamptz IS NULL OR created_at <= $7)
                   AND (entity = ANY($8::text[]) OR (entity = $9 AND entity_id = $10))`;
  const params = [
    query.search ? containsPattern(query.search) : null,
    filters.action ?? null,
    filters.entity ?? null,
    filters.entityId ?? null,
    filters.actorUserId ?? null,
    filters.from ?? null,
    filters.to ?? null,
    [...visible.entities],
    visible.own?.entity ?? null,
    visible.own?.entityId ?? null,
  ];
  const orderBy = orderByClause(query.sort, SORT_COLUMNS, 'id DESC');
  return selectPage(tx, { select: SELECT_ENTRY, countFrom: 'audit_log', where, params, orderBy }, query, toEntry);
}
