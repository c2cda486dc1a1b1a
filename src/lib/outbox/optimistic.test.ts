import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../shared/outbox/outbox-entry';
import { outboxEntryFixture } from '../../shared/outbox/outbox-entry-fixture';
import { queryClient } from '../query-client';
import { applyOptimistic, PENDING_MARK } from './optimistic';

const entry = (overrides: Partial<OutboxEntry>) =>
  outboxEntryFixture({
    id: '0000000000a-0001-abcdef',
    body: { name: 'Renamed', version: 3 },
    version: 3,
    label: 'Renamed',
    createdAt: Date.UTC(2026, 10, 26, 8),
    ...overrides,
  });

const page = (items: Array<Record<string, unknown>>) => ({ items, meta: { total: items.length, page: 1, limit: 20 } });

describe('applyOptimistic', () => {
  afterEach(() => queryClient.clear());

  it('shows an edit in every cached list and item of the resource, keeping the stored version', () => {
    queryClient.setQueryData(['contacts', 'list', { page: 1 }], page([{ _id: 'r1', name: 'Old', version: 3 }]));
    queryClient.setQueryData(['contacts', 'item', 'r1'], { _id: 'r1', name: 'Old', version: 3 });
    queryClient.setQueryData(['users', 'list', {}], page([{ _id: 'r1', name: 'Not a contact' }]));

    applyOptimistic(entry({}));

    expect(queryClient.getQueryData(['contacts', 'list', { page: 1 }])).toEqual(
      page([{ _id: 'r1', name: 'Renamed', version: 3, [PENDING_MARK]: true }]),
    );
    expect(queryClient.getQueryData(['contacts', 'item', 'r1'])).toMatchObject({ name: 'Renamed', version: 3 });
    expect(queryClient.getQueryData(['users', 'list', {}])).toEqual(page([{ _id: 'r1', name: 'Not a contact' }]));
  });

  it('puts a new record at the top of the lists and takes a deleted one out, with the totals', () => {
    queryClient.setQueryData(['contacts', 'list', { page: 1 }], page([{ _id: 'r1', name: 'One' }]));
    applyOptimistic(entry({ method: 'POST', path: '/contacts', recordId: null, version: null, body: { name: 'New' } }));
    const after = queryClient.getQueryData<ReturnType<typeof page>>(['contacts', 'list', { page: 1 }]);
    expect(after?.items.map((row) => row.name)).toEqual(['New', 'One']);
    expect(after?.items[0]).toMatchObject({ _id: '0000000000a-0001-abcdef', [PENDING_MARK]: true });
    expect(after?.meta.total).toBe(2);

    applyOptimistic(entry({ method: 'DELETE', body: null }));
    expect(
      queryClient.getQueryData<ReturnType<typeof page>>(['contacts', 'list', { page: 1 }])?.items.map((r) => r._id),
    ).toEqual(['0000000000a-0001-abcdef']);
  });

  it('lists a record created under a client-made id by that id, so that its later edits find it', () => {
    const id = '6f1c2d7e-8a90-4b1c-9d2e-3f4a5b6c7d8e';
    queryClient.setQueryData(['shipments', 'list', { page: 1 }], page([{ _id: 'r1', mode: 'air' }]));
    applyOptimistic(
      entry({
        resource: 'shipments',
        method: 'POST',
        path: '/shipments',
        recordId: id,
        version: null,
        body: { _id: id, mode: 'sea-fcl' },
      }),
    );
    const after = queryClient.getQueryData<ReturnType<typeof page>>(['shipments', 'list', { page: 1 }]);
    expect(after?.items.map((row) => row._id)).toEqual([id, 'r1']);
    expect(after?.items[0]).toMatchObject({ mode: 'sea-fcl', version: 0, [PENDING_MARK]: true });

    applyOptimistic(
      entry({
        resource: 'shipments',
        method: 'PATCH',
        path: `/shipments/${id}`,
        recordId: id,
        version: 0,
        body: { mode: 'air', version: 0 },
      }),
    );
    const edited = queryClient.getQueryData<ReturnType<typeof page>>(['shipments', 'list', { page: 1 }]);
    expect(edited?.items.map((row) => [row._id, row.mode])).toEqual([
      [id, 'air'],
      ['r1', 'air'],
    ]);
    expect(edited?.meta.total).toBe(2);
  });

  it('puts a queued charge into its own shipment’s list only', () => {
    queryClient.setQueryData(['shipment-charges', 'list', 's1'], [{ _id: 'c1', kind: 'revenue' }]);
    queryClient.setQueryData(['shipment-charges', 'list', 's2'], [{ _id: 'c2', kind: 'cost' }]);
    applyOptimistic(
      entry({
        resource: 'shipment-charges',
        method: 'POST',
        path: '/shipments/s1/charges',
        recordId: null,
        version: null,
        body: { kind: 'cost', unitPrice: '5.00' },
        parent: { resource: 'shipments', recordId: 's1' },
      }),
    );
    const ids = (key: string) =>
      queryClient.getQueryData<Array<{ _id: string }>>(['shipment-charges', 'list', key])?.map((row) => row._id);
    expect(ids('s1')).toEqual(['0000000000a-0001-abcdef', 'c1']);
    expect(ids('s2')).toEqual(['c2']);
  });
});
