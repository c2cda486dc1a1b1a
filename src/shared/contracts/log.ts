/** logserver: the company's audit trail (`/audit`) and one entity's history (`/audit-history`). */
import { z } from 'zod';
import { listQuerySchema } from './resource-contract.ts';

export const auditEntrySchema = z.object({
  _id: z.string(),
  companyId: z.string(),
  actorUserId: z.string().nullable(),
  /** The actor's display name when they are a user of the reading company (null otherwise). */
  actorName: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  changes: z.record(z.string(), z.unknown()),
  requestId: z.string().nullable(),
  createdAt: z.string(),
});

export const AUDIT_SORT_FIELDS = ['createdAt', 'action', 'entity'] as const;

const name = z.string().trim().min(1).max(100);
const entityId = z.string().trim().min(1).max(100);

export const auditQuerySchema = listQuerySchema(AUDIT_SORT_FIELDS).extend({
  action: name.optional(),
  entity: name.optional(),
  entityId: entityId.optional(),
  actorUserId: z.uuid().optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});

export const auditHistoryQuerySchema = listQuerySchema(['createdAt'] as const).extend({ entity: name, entityId });

export type AuditEntry = z.infer<typeof auditEntrySchema>;
