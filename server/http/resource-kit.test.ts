/**
 * The resource kit on its own: a small resource ("notes") with an in-memory repository, registered with
 * `registerResource` on a real service app and a real database (transactions, idempotency keys and the
 * audit trail are the product's own). What a caller sees: the routes, paging, the permission before
 * validation, the version check and its conflict details, Idempotency-Key, audit entries and hooks.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listQuerySchema } from '../../src/shared/contracts/resource-contract.ts';
import type { Permissions } from '../../src/shared/permissions.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { buildTestApp } from '../testing/test-apps.ts';
import { ApiError } from './api-error.ts';
import type { App, ServiceModule } from './build-service-app.ts';
import type { ListQuery } from './list-query.ts';
import { defineResource, registerResource } from './resource-kit.ts';
import { assertRoutePermission, routeDeclarations } from './route-permission.ts';

const noteSchema = z.object({
  _id: z.string(),
  version: z.number().int(),
  title: z.string(),
  locked: z.boolean(),
  updatedAt: z.string(),
});
type Note = z.infer<typeof noteSchema>;
const createNoteBody = z.strictObject({ title: z.string().trim().min(1).max(50) });
const updateNoteBody = z.strictObject({ version: z.number().int().min(1).optional(), title: z.string().min(1) });

/** The repository: a map, so that the test sees exactly what the kit asked it to do. */
const store = new Map<string, Note>();
const calls: string[] = [];
let nextId = 1;
const noteRepository = {
  list: async (_tx: unknown, query: ListQuery, filters: Record<string, unknown>) => {
    calls.push(`list ${JSON.stringify({ ...query, locked: filters.locked })}`);
    const all = [...store.values()]
      .filter((n) => !query.search || n.title.includes(query.search))
      .filter((n) => filters.locked === undefined || n.locked === (filters.locked === 'true'))
      .sort((a, b) => (query.sort.descending ? -1 : 1) * a.title.localeCompare(b.title));
    return { items: all.slice(query.offset, query.offset + query.limit), total: all.length };
  },
  find: async (_tx: unknown, id: string) => store.get(id),
  insert: async (_tx: unknown, values: { title: string; companyId: string; createdBy: string }) => {
    calls.push(
      `insert ${values.title} company=${values.companyId === ids.company} by=${values.createdBy === ids.admin}`,
    );
    const id = `00000000-0000-4000-8000-${String(nextId++).padStart(12, '0')}`;
    store.set(id, { _id: id, version: 1, title: values.title, locked: false, updatedAt: new Date().toISOString() });
    return id;
  },
  update: async (_tx: unknown, id: string, patch: { title: string }) => {
    calls.push(`update ${patch.title}`);
    const before = store.get(id)!;
    store.set(id, { ...before, ...patch, version: before.version + 1, updatedAt: new Date().toISOString() });
  },
  remove: async (_tx: unknown, id: string) => {
    calls.push(`remove ${id}`);
    return store.delete(id);
  },
};

const noteResource = defineResource({
  path: '/notes',
  entity: 'note',
  label: 'Note',
  permission: 'contacts',
  schemas: {
    item: noteSchema,
    listQuery: listQuerySchema(['title']).extend({ locked: z.enum(['true', 'false']).optional() }),
    create: createNoteBody,
    update: updateNoteBody,
  },
  defaultSort: { field: 'title', descending: false },
  repository: noteRepository,
  hooks: {
    beforeUpdate: (_ctx, _before, patch) => ({ title: patch.title.toUpperCase() }),
    beforeDelete: (_ctx, before) => {
      if (before.locked) throw new ApiError(409, 'RESOURCE_IN_USE', 'A locked note cannot be deleted');
      return { title: before.title };
    },
  },
});

let t: TestDatabase;
let app: App;
const ids = { company: '', admin: '', adminName: '' };
let permissions: Permissions = {};

/** The caller: the demo admin, with whatever permissions the test gives them. */
const notesModule: ServiceModule = async (scope, deps) => {
  scope.addHook('preValidation', async (req) => {
    req.auth = {
      userId: ids.admin,
      companyId: ids.company,
      sessionId: ids.admin,
      email: 'admin@demo.test',
      roleId: null,
      permissions,
      isSuperAdmin: false,
      subscriptionExpired: false,
    };
    assertRoutePermission(req);
  });
  registerResource(scope, deps, noteResource);
  registerResource(scope, deps, { ...noteResource, path: '/read-only-notes', operations: ['list', 'read'] });
};

const URL = '/iamserver/api/v1/notes';

async function auditOf(entityId: string): Promise<Array<{ action: string; changes: Record<string, unknown> }>> {
  const { rows } = await t.db
    .owner()
    .query<{ action: string; changes: unknown }>(
      'SELECT action, changes FROM audit_log WHERE entity_id = $1 ORDER BY id',
      [entityId],
    );
  return rows.map((r) => ({
    action: r.action,
    changes: (typeof r.changes === 'string' ? JSON.parse(r.changes) : r.changes) as Record<string, unknown>,
  }));
}

beforeAll(async () => {
  t = await createTestDatabase();
  ({ app } = await buildTestApp('iamserver', t.db, { modules: [notesModule] }));
  const { rows } = await t.db
    .owner()
    .query<{ company_id: string; id: string; name: string }>(
      'SELECT company_id, id, name FROM users WHERE email = $1',
      ['admin@demo.test'],
    );
  ids.company = rows[0]!.company_id;
  ids.admin = rows[0]!.id;
  ids.adminName = rows[0]!.name;
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});
beforeEach(() => {
  permissions = { contacts: ['read', 'create', 'update', 'delete'] };
  calls.length = 0;
});

const create = (title: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: URL, payload: { title }, headers });

describe('registerResource', () => {
  it('registers the five routes with their permissions, or only the operations asked for', () => {
    const routes = routeDeclarations(app)
      .filter((r) => r.url.includes('notes'))
      .map((r) => `${r.method} ${r.url.replace('/iamserver/api/v1', '')} ${r.permissions.map((p) => p.action).join()}`);
    expect(routes).toEqual([
      'GET /notes read',
      'GET /notes/:id read',
      'POST /notes create',
      'PUT /notes/:id update',
      'PATCH /notes/:id update',
      'DELETE /notes/:id delete',
      'GET /read-only-notes read',
      'GET /read-only-notes/:id read',
    ]);
  });

  it('creates (201) through the repository with the tenant and author, reads with an ETag, audits', async () => {
    const res = await create('First');
    expect(res.statusCode, res.body).toBe(201);
    const note = res.json().data as Note;
    expect(note).toMatchObject({ title: 'First', version: 1 });
    expect(calls).toEqual(['insert First company=true by=true']);
    const read = await app.inject({ method: 'GET', url: `${URL}/${note._id}` });
    expect(read.json().data).toEqual(note);
    expect(read.headers.etag).toBe('"1"');
    expect(await auditOf(note._id)).toEqual([
      { action: 'note.create', changes: { after: { _id: note._id, version: 1, title: 'First', locked: false } } },
    ]);
    expect((await app.inject({ method: 'GET', url: `${URL}/00000000-0000-4000-8000-999999999999` })).json()).toEqual({
      message: 'Note not found',
      code: 'NOT_FOUND',
    });
  });

  it('lists with page, limit, search, sort, the resource’s own filter and meta', async () => {
    for (const title of ['Alpha', 'Beta', 'Gamma']) await create(`List ${title}`);
    calls.length = 0;
    const res = await app.inject({ method: 'GET', url: `${URL}?search=List&sort=-title&limit=2&page=1&locked=false` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      data: [{ title: 'List Gamma' }, { title: 'List Beta' }],
      meta: { total: 3, page: 1, limit: 2 },
    });
    expect(JSON.parse(calls[0]!.slice('list '.length))).toEqual({
      page: 1,
      limit: 2,
      offset: 0,
      search: 'List',
      sort: { field: 'title', descending: true },
      locked: 'false',
    });
    expect((await app.inject({ method: 'GET', url: `${URL}?sort=secret` })).statusCode).toBe(400);
  });

  it('updates through the hook, increments the version, and refuses a stale version with who changed it', async () => {
    const note = (await create('Draft')).json().data as Note;
    const ok = await app.inject({
      method: 'PATCH',
      url: `${URL}/${note._id}`,
      payload: { version: 1, title: 'final' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ title: 'FINAL', version: 2 });
    expect(ok.headers.etag).toBe('"2"');

    const stale = await app.inject({
      method: 'PUT',
      url: `${URL}/${note._id}`,
      payload: { version: 1, title: 'lost' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      message: 'The note was changed by someone else; reload it and apply your change again',
      code: 'VERSION_CONFLICT',
      conflict: { version: 2, updatedAt: ok.json().data.updatedAt, updatedBy: { _id: ids.admin, name: ids.adminName } },
    });
    expect(store.get(note._id)!.title).toBe('FINAL');

    const viaHeader = await app.inject({
      method: 'PUT',
      url: `${URL}/${note._id}`,
      headers: { 'if-match': '"2"' },
      payload: { title: 'again' },
    });
    expect(viaHeader.json().data.version).toBe(3);
    const missing = await app.inject({ method: 'PUT', url: `${URL}/${note._id}`, payload: { title: 'no version' } });
    expect(missing.json().details).toEqual([{ path: 'body.version', message: expect.any(String) }]);
    expect((await auditOf(note._id)).map((a) => a.action)).toEqual(['note.create', 'note.update', 'note.update']);
  });

  it('deletes with the hook’s audit facts; a hook that refuses stops the delete', async () => {
    const note = (await create('Doomed')).json().data as Note;
    const res = await app.inject({ method: 'DELETE', url: `${URL}/${note._id}` });
    expect(res.json()).toEqual({ data: { _id: note._id, deleted: true } });
    expect((await auditOf(note._id)).at(-1)).toMatchObject({ action: 'note.delete', changes: { title: 'Doomed' } });

    const locked = (await create('Locked')).json().data as Note;
    store.set(locked._id, { ...store.get(locked._id)!, locked: true });
    calls.length = 0;
    const refused = await app.inject({ method: 'DELETE', url: `${URL}/${locked._id}` });
    expect(refused.statusCode).toBe(409);
    expect(calls).toEqual([]);
    expect(store.has(locked._id)).toBe(true);
  });

  it('writes once per Idempotency-Key and replays the answer', async () => {
    const first = await create('Once', { 'idempotency-key': 'kit-test-key-1' });
    const again = await create('Once', { 'idempotency-key': 'kit-test-key-1' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(calls.filter((c) => c.startsWith('insert'))).toHaveLength(1);
  });

  it('checks the permission before validating: 403 whatever the body', async () => {
    permissions = { contacts: ['read'] };
    const res = await app.inject({ method: 'POST', url: URL, payload: { nonsense: [1, 2], title: 42 } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    const patch = await app.inject({ method: 'PATCH', url: `${URL}/not-a-uuid`, payload: { version: 'x' } });
    expect(patch.statusCode).toBe(403);
    expect(calls).toEqual([]);
    permissions = {};
    expect((await app.inject({ method: 'GET', url: `${URL}?limit=100000` })).statusCode).toBe(403);
  });
});
