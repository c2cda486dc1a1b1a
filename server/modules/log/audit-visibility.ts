/**
 * What one reader may see of the audit trail. An entry is shown only when the reader may read its entity
 * through the entity's own resource (`AUDIT_ENTITY_MODULES`), so the trail is no side door into issues,
 * users or mail a role cannot list; a user always sees the history of their own account (the profile's
 * "History"). Fields no resource answers (hashes, tokens, codes) never leave the service, whoever wrote
 * the entry and whenever.
 */
import { AUDIT_ENTITY_ACTIONS, AUDIT_ENTITY_MODULES, can } from '../../../src/shared/permissions.ts';
import type { AuditEntry } from '../../../src/shared/contracts/log.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { SECRET_FIELD } from '../../http/audit-change.ts';
import type { AuditVisibility } from './audit-log-repository.ts';

export function auditVisibility(auth: AuthContext): AuditVisibility {
  const entities = Object.entries(AUDIT_ENTITY_MODULES)
    .filter(([entity, module]) => can(auth.permissions, module, AUDIT_ENTITY_ACTIONS[entity] ?? 'read'))
    .map(([entity]) => entity);
  return { entities, own: { entity: 'user', entityId: auth.userId } };
}

function withoutSecrets(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !SECRET_FIELD.test(key)));
}

export function redactEntry(entry: AuditEntry): AuditEntry {
  const changes = Object.fromEntries(
    Object.entries(entry.changes)
      .filter(([key]) => !SECRET_FIELD.test(key))
      .map(([key, value]) => [key, key === 'before' || key === 'after' ? withoutSecrets(value) : value]),
  );
  return { ...entry, changes };
}
