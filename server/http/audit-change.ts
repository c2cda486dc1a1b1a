/**
 * The audit entry of a resource write: who (the caller), when (now), which tenant, and what changed as
 * a before/after diff of the item's fields. Secrets never enter the diff.
 */
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../audit/audit-repository.ts';
import type { Queryable } from '../db/database.ts';
import type { AuthContext } from './auth-context.ts';

/** A field no resource answers: kept out of every diff, and out of every entry the trail shows. */
export const SECRET_FIELD = /password|token|secret|hash|otp/i;
const NOISE_FIELDS = new Set(['updatedAt', 'createdAt', 'updated_at', 'created_at']);

type Fields = Record<string, unknown>;

function clean(item: object | undefined): Fields | undefined {
  if (!item) return undefined;
  return Object.fromEntries(Object.entries(item).filter(([k]) => !SECRET_FIELD.test(k) && !NOISE_FIELDS.has(k)));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** `{ before, after }` holding only the fields that differ (all fields on create or delete). */
export function diffChanges(before: object | undefined, after: object | undefined): Fields {
  const b = clean(before);
  const a = clean(after);
  if (!b) return { after: a ?? {} };
  if (!a) return { before: b };
  const keys = new Set([...Object.keys(b), ...Object.keys(a)]);
  const changedBefore: Fields = {};
  const changedAfter: Fields = {};
  for (const key of keys) {
    if (same(b[key], a[key])) continue;
    changedBefore[key] = b[key] ?? null;
    changedAfter[key] = a[key] ?? null;
  }
  return { before: changedBefore, after: changedAfter };
}

export interface AuditChange {
  action: string;
  entity: string;
  entityId: string | null;
  before?: object | undefined;
  after?: object | undefined;
  /** The tenant whose data changed; the caller's company unless a super admin acts on another one. */
  companyId?: string;
  /** Extra facts beyond the diff (for example the sessions revoked). */
  extra?: Fields;
}

export async function auditChange(
  tx: Queryable,
  req: FastifyRequest,
  auth: AuthContext,
  change: AuditChange,
): Promise<void> {
  await recordAudit(tx, {
    companyId: change.companyId ?? auth.companyId,
    actorUserId: auth.userId,
    action: change.action,
    entity: change.entity,
    entityId: change.entityId,
    changes: { ...diffChanges(change.before, change.after), ...(change.extra ?? {}) },
    requestId: req.id,
  });
}
