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

/**
 * Who made the newest audited change to one record (for the `conflict` of a 409 VERSION_CONFLICT), as
 * far as the transaction's tenant can see: null when nobody is recorded or the user no longer exists.
 */
export async function lastChangeBy(
  tx: Queryable,
  entity: string,
  entityId: string,
): Promise<{ _id: string; name: string } | null> {
  const { rows } = await tx.query<{ id: string; name: string }>(
    `SELECT u.id, u.name
       FROM audit_log a JOIN users u ON u.id = a.actor_user_id
      WHERE a.entity = $1 AND a.entity_id = $2
      ORDER BY a.id DESC LIMIT 1`,
    [entity, entityId],
  );
  return rows[0] ? { _id: rows[0].id, name: rows[0].name } : null;
}
