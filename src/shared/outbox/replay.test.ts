import { describe, expect, it } from 'vitest';
import { newOutboxId, upgradeOutboxEntry, type OutboxEntry } from './outbox-entry';
import { IDEMPOTENCY_KEY_RETENTION_MS, OUTBOX_SEND_UNASKED_MS } from '../idempotency-window';
import { awaitsUserBeforeSending } from './outbox-age';
import { outboxEntryFixture } from './outbox-entry-fixture';
import { memoryOutboxStore } from './outbox-store';
import { replayOutbox, retryDelayMs, type OutboxNotice } from './replay';

const ME = { userId: 'u1', companyId: 'c1' };

const entry = outboxEntryFixture;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * A service as the contract describes it (docs/api.md section 7): versioned records, 409 VERSION_CONFLICT
 * with `conflict`, and Idempotency-Key replays that answer the stored answer without writing again.
 */
function fakeService() {
  const records = new Map<string, { _id: string; version: number; name: string }>([
    ['r1', { _id: 'r1', version: 1, name: 'Old' }],
  ]);
  const answered = new Map<string, Response>();
  const writes: string[] = [];
  let created = 0;
  const handle = async (request: Request): Promise<Response> => {
    const key = request.headers.get('Idempotency-Key');
    if (key && answered.has(key)) return answered.get(key)!.clone();
    const id = new URL(request.url).pathname.split('/').pop()!;
    if (request.method === 'GET') {
      const record = records.get(id);
      return record ? json(200, { data: record }) : json(404, { code: 'NOT_FOUND', message: 'Not found' });
    }
    const body = (await request.json().catch(() => ({}))) as { name?: string; version?: number };
    let answer: Response;
    if (request.method === 'POST') {
      const record = { _id: `new${++created}`, version: 1, name: body.name ?? '' };
      records.set(record._id, record);
      writes.push(`create ${record._id}`);
      answer = json(201, { data: record });
    } else {
      const record = records.get(id);
      if (!record) answer = json(404, { code: 'NOT_FOUND', message: 'Not found' });
      else if (body.name === '') answer = json(400, { code: 'VALIDATION_FAILED', message: 'name is required' });
      else if (body.version !== record.version) {
        answer = json(409, {
          code: 'VERSION_CONFLICT',
          message: 'Changed meanwhile',
          conflict: { version: record.version, updatedAt: '', updatedBy: { _id: 'u2', name: 'Ana' } },
        });
      } else {
        Object.assign(record, { name: body.name, version: record.version + 1 });
        writes.push(`update ${id} ${body.name}`);
        answer = json(200, { data: record });
      }
    }
    if (key) answered.set(key, answer.clone());
    return answer;
  };
  return { records, writes, handle };
}

function deps(store: ReturnType<typeof memoryOutboxStore>, send: (request: Request) => Promise<Response>) {
  const notices: OutboxNotice[] = [];
  return {
    notices,
    deps: {
      store,
      identity: () => ME,
      send,
      apiBase: () => 'http://localhost:3004/contactserver/api/v1',
      notify: (notice: OutboxNotice) => notices.push(notice),
      now: () => 1_000,
    },
  };
}

describe('replayOutbox', () => {
  it('sends each write once, in order per record, chaining versions and a create’s new id', async () => {
    const service = fakeService();
    const create = entry({ method: 'POST', path: '/contacts', recordId: null, version: null, body: { name: 'New' } });
    const editOfCreate = entry({
      path: `/contacts/${create.id}`,
      recordId: create.id,
      body: { name: 'New 2', version: 0 },
      version: 0,
    });
    const first = entry({ body: { name: 'A', version: 1 } });
    const second = entry({ body: { name: 'B', version: 1 } });
    const store = memoryOutboxStore([create, editOfCreate, first, second]);
    const { deps: d } = deps(store, service.handle);

    const result = await replayOutbox(d);

    expect(result).toMatchObject({ landed: 4, failed: 0, conflicts: 0, stoppedBy: null });
    expect(service.writes.filter((w) => w.includes('r1'))).toEqual(['update r1 A', 'update r1 B']);
    expect(service.writes).toContain('update new1 New 2');
    expect(service.records.get('r1')).toMatchObject({ name: 'B', version: 3 });
    expect(store.entries.size).toBe(0);
  });

  it('sends a write added while an earlier one to the same record was on its way with the version it left', async () => {
    const service = fakeService();
    const store = memoryOutboxStore([entry({ body: { name: 'First', version: 1 } })]);
    const { deps: d } = deps(store, service.handle);
    expect((await replayOutbox(d)).landed).toBe(1);

    // Made in another tab before the first landed: based on version 1 too.
    await store.put(entry({ body: { name: 'Second', version: 1 } }));
    const later = await replayOutbox(d);

    expect(later).toMatchObject({ landed: 1, conflicts: 0 });
    expect(service.records.get('r1')).toMatchObject({ name: 'Second', version: 3 });
  });

  it('lands a write once when its first answer was lost (same Idempotency-Key)', async () => {
    const service = fakeService();
    const store = memoryOutboxStore([entry({ body: { name: 'Once', version: 1 } })]);
    let calls = 0;
    const { deps: d } = deps(store, async (request) => {
      calls++;
      const answer = await service.handle(request);
      if (calls === 1) throw new TypeError('Failed to fetch'); // written, answer lost
      return answer;
    });

    expect((await replayOutbox(d)).stoppedBy).toBe('network');
    const [waiting] = [...store.entries.values()];
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, nextAttemptAt: 1_000 + retryDelayMs(1) });

    const later = await replayOutbox({ ...d, now: () => 10_000 });
    expect(later.landed).toBe(1);
    expect(service.writes).toEqual(['update r1 Once']);
  });

  it('keeps a conflict with the stored record, and a refused write with the server’s message', async () => {
    const service = fakeService();
    const stale = entry({ body: { name: 'Mine', version: 0 }, version: 0 });
    const refused = entry({ recordId: 'r2', path: '/contacts/r2', body: { name: '', version: 1 } });
    service.records.set('r2', { _id: 'r2', version: 1, name: 'Two' });
    const store = memoryOutboxStore([stale, refused]);
    const { deps: d, notices } = deps(store, service.handle);

    const result = await replayOutbox(d);

    expect(result).toMatchObject({ landed: 0, failed: 1, conflicts: 1 });
    expect(store.entries.get(stale.id)).toMatchObject({
      status: 'conflict',
      conflict: { version: 1, theirs: { _id: 'r1', name: 'Old', version: 1 }, updatedBy: 'Ana' },
    });
    expect(store.entries.get(refused.id)).toMatchObject({
      status: 'failed',
      error: { status: 400, code: 'VALIDATION_FAILED', message: 'name is required' },
    });
    expect(notices.map((n) => n.kind).sort()).toEqual(['changed', 'conflict', 'failed']);
    expect(service.writes).toEqual([]);
  });

  it('holds a record’s later writes behind one that waits, and retries 5xx with back-off', async () => {
    const store = memoryOutboxStore([
      entry({ body: { name: 'A', version: 1 } }),
      entry({ body: { name: 'B', version: 1 } }),
    ]);
    const sent: string[] = [];
    const { deps: d } = deps(store, async (request) => {
      sent.push(((await request.json()) as { name: string }).name);
      return json(503, { code: 'UNAVAILABLE', message: 'down' });
    });

    const result = await replayOutbox(d);

    expect(result.deferred).toBe(1);
    expect(sent).toEqual(['A']);
    expect([...store.entries.values()].map((e) => e.attempts)).toEqual([1, 0]);
  });

  it('sends a charge of a shipment created offline only once the shipment landed, whatever the order', async () => {
    const landedIds = new Set<string>();
    const order: string[] = [];
    const shipmentId = '6b1c2f8e-0000-4000-8000-000000000001';
    const { deps: d } = deps(
      memoryOutboxStore([]),
      // The shipment's create answers slowly; a charge sent before it lands meets a 404, as on the service.
      async (request) => {
        const path = new URL(request.url).pathname;
        if (path.endsWith('/shipments')) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          landedIds.add(shipmentId);
          order.push('shipment');
          return json(201, { data: { _id: shipmentId, version: 1 } });
        }
        if (!landedIds.has(shipmentId)) return json(404, { code: 'NOT_FOUND', message: 'Shipment not found' });
        order.push('charge');
        return json(201, { data: { _id: 'c1', version: 1 } });
      },
    );
    const shipment = entry({
      service: 'shipmentserver',
      method: 'POST',
      path: '/shipments',
      resource: 'shipments',
      recordId: shipmentId,
      body: { _id: shipmentId, mode: 'air' },
      version: null,
    });
    const charge = entry({
      service: 'shipmentserver',
      method: 'POST',
      path: `/shipments/${shipmentId}/charges`,
      resource: 'shipment-charges',
      recordId: null,
      body: { kind: 'revenue', unitPrice: '10.00' },
      version: null,
      parent: { resource: 'shipments', recordId: shipmentId },
    });
    const store = memoryOutboxStore([shipment, charge]);

    const result = await replayOutbox({ ...d, store });

    expect(result).toMatchObject({ landed: 2, failed: 0 });
    expect(order).toEqual(['shipment', 'charge']);
  });

  it('sends a charge at once when its shipment is stored already (no create of it waits)', async () => {
    const sent: string[] = [];
    const edit = entry({
      service: 'shipmentserver',
      resource: 'shipments',
      recordId: 's1',
      path: '/shipments/s1',
      body: { voyage: '7', version: 0 },
      version: 0,
    });
    const charge = entry({
      service: 'shipmentserver',
      method: 'POST',
      path: '/shipments/s1/charges',
      resource: 'shipment-charges',
      recordId: null,
      body: { kind: 'cost' },
      version: null,
      parent: { resource: 'shipments', recordId: 's1' },
    });
    const store = memoryOutboxStore([edit, charge]);
    const { deps: d } = deps(store, async (request) => {
      sent.push(`${request.method} ${new URL(request.url).pathname.split('/api/v1')[1]}`);
      // The shipment's edit conflicts and stays; the charge does not wait for it.
      return request.method === 'PATCH'
        ? json(409, { code: 'VERSION_CONFLICT', message: 'Changed', conflict: { version: 3 } })
        : json(201, { data: { _id: 'c1', version: 1 } });
    });

    const result = await replayOutbox(d);

    expect(result).toMatchObject({ landed: 1, conflicts: 1 });
    expect(sent).toContain('POST /shipments/s1/charges');
  });

  it('sends nothing of another user, and nothing when signed out', async () => {
    const service = fakeService();
    const store = memoryOutboxStore([entry({ userId: 'someone-else' })]);
    const { deps: d } = deps(store, service.handle);
    expect((await replayOutbox(d)).landed).toBe(0);
    expect((await replayOutbox({ ...d, identity: () => null })).stoppedBy).toBe('signed-out');
    expect(service.writes).toEqual([]);
    expect(store.entries.size).toBe(1);
  });
});

describe('replayOutbox on a flaky network', () => {
  it('lands 200 edits of 20 records exactly once and in order, with aborts and lost answers', async () => {
    const service = fakeService();
    service.records.clear();
    const ids = Array.from({ length: 20 }, (_, i) => `c${i}`);
    for (const id of ids) service.records.set(id, { _id: id, version: 1, name: 'start' });
    const entries: OutboxEntry[] = [];
    for (let edit = 1; edit <= 10; edit++) {
      for (const id of ids) {
        entries.push(
          entry({
            id: newOutboxId(Date.now()),
            path: `/contacts/${id}`,
            recordId: id,
            body: { name: `edit ${String(edit).padStart(2, '0')}`, version: 1 },
          }),
        );
      }
    }
    const store = memoryOutboxStore(entries);
    let n = 0;
    let clock = 0;
    const { deps: d } = deps(store, async (request) => {
      if (request.method === 'GET') return service.handle(request);
      n++;
      if (n % 2 === 0) throw new TypeError('Failed to fetch'); // never reached the server
      const answer = await service.handle(request);
      if (n % 7 === 0) throw new TypeError('Failed to fetch'); // written, answer lost
      return answer;
    });
    for (let run = 0; run < 200 && store.entries.size > 0; run++) {
      clock += 61_000; // past every back-off
      await replayOutbox({ ...d, now: () => clock });
    }

    expect([...store.entries.values()]).toEqual([]);
    const expected = Array.from({ length: 10 }, (_, i) => `edit ${String(i + 1).padStart(2, '0')}`);
    for (const id of ids) {
      expect(
        service.writes.filter((w) => w.startsWith(`update ${id} `)).map((w) => w.slice(`update ${id} `.length)),
      ).toEqual(expected);
      expect(service.records.get(id)?.version).toBe(11);
    }
  });
});

describe('the age rule: old entries ask the user', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const NOW = 100 * DAY;
  const at = (store: ReturnType<typeof memoryOutboxStore>, send: (request: Request) => Promise<Response>) => {
    const made = deps(store, send);
    return { ...made, deps: { ...made.deps, now: () => NOW } };
  };

  it('sends an entry up to 7 days old on its own, and holds one older than that', async () => {
    const service = fakeService();
    const young = entry({ createdAt: NOW - OUTBOX_SEND_UNASKED_MS, body: { name: 'Young', version: 1 } });
    const old = entry({
      createdAt: NOW - OUTBOX_SEND_UNASKED_MS - 1,
      path: '/contacts/new',
      recordId: null,
      version: null,
      method: 'POST',
      body: { name: 'Old' },
    });
    const store = memoryOutboxStore([old, young]);
    const { deps: d } = at(store, service.handle);

    const result = await replayOutbox(d);

    expect(result).toMatchObject({ landed: 1, deferred: 0, stoppedBy: null });
    expect(service.writes).toEqual(['update r1 Young']);
    expect([...store.entries.values()]).toEqual([expect.objectContaining({ id: old.id, status: 'pending' })]);
    expect(awaitsUserBeforeSending(store.entries.get(old.id)!, NOW)).toBe(true);
  });

  it('keeps the record’s later writes behind its old one, in order', async () => {
    const service = fakeService();
    const old = entry({ createdAt: NOW - 8 * DAY, body: { name: 'Old', version: 1 } });
    const later = entry({ createdAt: NOW - DAY, body: { name: 'Later', version: 1 } });
    const store = memoryOutboxStore([old, later]);
    const { deps: d } = at(store, service.handle);

    expect((await replayOutbox(d)).landed).toBe(0);
    expect(service.writes).toEqual([]);
    expect(store.entries.size).toBe(2);
  });

  it('sends an old entry the user approved, however old, with its own key', async () => {
    const service = fakeService();
    const old = entry({ createdAt: NOW - 20 * DAY, approvedAt: NOW - 1, body: { name: 'Approved', version: 1 } });
    const keys: string[] = [];
    const store = memoryOutboxStore([old]);
    const { deps: d } = at(store, (request) => {
      keys.push(request.headers.get('Idempotency-Key') ?? '');
      return service.handle(request);
    });

    expect((await replayOutbox(d)).landed).toBe(1);
    expect(service.writes).toEqual(['update r1 Approved']);
    expect(keys).toEqual([old.idempotencyKey]);
  });

  it('asks only about waiting entries: a failed or conflicting one already waits for the user', () => {
    const old = { createdAt: NOW - 30 * DAY, approvedAt: null };
    expect(awaitsUserBeforeSending({ ...old, status: 'pending' }, NOW)).toBe(true);
    expect(awaitsUserBeforeSending({ ...old, status: 'failed' }, NOW)).toBe(false);
    expect(awaitsUserBeforeSending({ ...old, status: 'conflict' }, NOW)).toBe(false);
    expect(awaitsUserBeforeSending({ ...old, status: 'pending', approvedAt: NOW }, NOW)).toBe(false);
  });

  it('keeps the window inside the services’ key retention', () => {
    expect(OUTBOX_SEND_UNASKED_MS).toBeLessThan(IDEMPOTENCY_KEY_RETENTION_MS);
  });
});

describe('upgradeOutboxEntry', () => {
  it('reads this build’s entries and refuses shapes it does not know', () => {
    const stored = entry();
    expect(upgradeOutboxEntry(JSON.parse(JSON.stringify(stored)))).toEqual(stored);
    expect(upgradeOutboxEntry({ ...stored, schemaVersion: 99 })).toBeNull();
    expect(upgradeOutboxEntry({ ...stored, service: 'evilserver' })).toBeNull();
    expect(upgradeOutboxEntry({ ...stored, path: 'http://elsewhere/' })).toBeNull();
    const child = entry({ parent: { resource: 'shipments', recordId: 's1' } });
    expect(upgradeOutboxEntry(JSON.parse(JSON.stringify(child)))?.parent).toEqual(child.parent);
    expect(upgradeOutboxEntry({ ...child, parent: { resource: 'shipments' } })?.parent).toBeUndefined();
  });

  it('reads an earlier entry without an approval as not approved', () => {
    const { approvedAt: _unused, ...earlier } = entry({ approvedAt: 5 });
    expect(upgradeOutboxEntry(JSON.parse(JSON.stringify(earlier)))?.approvedAt).toBeNull();
    expect(upgradeOutboxEntry(JSON.parse(JSON.stringify(entry({ approvedAt: 5 }))))?.approvedAt).toBe(5);
  });
});
