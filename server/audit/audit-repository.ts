/**
 * The audit trail: who did what, when, in which company. Append-only (the application roles cannot
 * update or delete it). Never pass a password, token or code in `changes`.
 */
import type { Queryable } from '../db/database.ts';

export interface AuditEntry {
  companyId: string;
  actorUserId: string | null;
  action: string;
  entity: string;
  entityId?: string | null;
  changes?: Record<string, unknown>;
  requestId?: string | null;
}

export async function recordAudit(tx: Queryable, entry: AuditEntry): Promise<void> {
  await tx.query(
    `INSERT INTO audit_log (company_id, actor_user_id, action, entity, entity_id, changes, request_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      entry.companyId,
      entry.actorUserId,
      entry.action,
      entry.entity,
      entry.entityId ?? null,
      JSON.stringify(entry.changes ?? {}),
      entry.requestId ?? null,
    ],
  );
}
