/** Tests only: an outbox entry as the app writes it (a contact edit by user u1 of company c1), with changes. */
import { OUTBOX_SCHEMA_VERSION, newOutboxId, type OutboxEntry } from './outbox-entry';

export function outboxEntryFixture(overrides: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    schemaVersion: OUTBOX_SCHEMA_VERSION,
    id: newOutboxId(Date.now()),
    idempotencyKey: crypto.randomUUID(),
    userId: 'u1',
    companyId: 'c1',
    service: 'contactserver',
    path: '/contacts/r1',
    method: 'PATCH',
    body: { name: 'Acme', version: 1 },
    resource: 'contacts',
    recordId: 'r1',
    version: 1,
    label: 'Acme',
    createdAt: Date.now(),
    status: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
    error: null,
    conflict: null,
    approvedAt: null,
    ...overrides,
  };
}
