/**
 * The resource kit on its own: a small resource ("notes") with an in-memory repository, registered with
 * `registerResource` on a real service app and a real database (transactions, idempotency keys and the
 * audit trail are the product's own). What a caller sees: the routes, paging, the permission before
 * validation, the version check and its conflict details, Idempotency-Key, audit entries and hooks; and
 * the same for the system scope (super admins only, across companies), the own-record scope and a child
 * resource under a real parent (a user, under row-level security).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listQuerySchema } from '../../src/shared/contracts/resource-contract.ts';
import type { Permissions } from '../../src/shared/permissions.ts';
import type { TestDatabase } from '../testing/test-database.ts';
import { setUpTestApp } from '../testing/test-apps.ts';
import { ApiError } from './api-error.ts';
import type { App, ServiceModule } from './build-service-app.ts';
import type { Queryable } from '../db/database.ts';
import type { ListQuery } from './list-query.ts';
import { userResource } from '../modules/iam/users/user-resource.ts';
import { defineChildResource, registerChildResource } from './child-resource.ts';
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
const ids = { company: '', admin: '', adminName: '', otherCompany: '', otherUser: '' };
let permissions: Permissions = {};
let isSuperAdmin = false;

/** A system-scope resource: each list also says how many companies its transaction could see. */
const systemResource = defineResource({
  ...noteResource,
  path: '/system-notes',
  scope: 'system',
  permission: undefined,
  hooks: {},
  operations: ['list', 'read', 'update'],
  repository: {
    ...noteRepository,
    list: async (tx: Queryable, query: ListQuery, filters: Record<string, unknown>) => {
      const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM companies');
      calls.push(`companies ${rows[0]!.n}`);
      return noteRepository.list(tx, query, filters);
    },
  },
  companyOf: () => ids.otherCompany,
});

/** The caller's own note: the store's item whose id is the caller's user id. */
const ownResource = defineResource({
  ...noteResource,
  path: '/own-note',
  scope: 'own',
  permission: undefined,
  hooks: {},
  operations: undefined,
  updateMethods: ['PATCH'],
});

/** Notes under a user (a real parent under row-level security); the store keys them by parent. */
const childNotes = new Map<string, Note>();
const childResource = defineChildResource({
  path: '/notes',
  entity: 'note',
  label: 'Note',
  parent: { ...userResource, path: '/members', permission: 'users' },
  schemas: noteResource.schemas,
  defaultSort: noteResource.defaultSort,
  repository: {
    list: async (_tx: unknown, parentId: string) => {
      const items = [...childNotes.values()].filter((n) => n._id.startsWith(parentId.slice(0, 8)));
      return { items, total: items.length };
    },
    find: async (_tx: unknown, parentId: string, id: string) => {
      calls.push(`find under ${parentId === ids.admin ? 'admin' : parentId}`);
      return childNotes.get(id);
    },
    insert: async (_tx: unknown, parentId: string, values: { title: string }) => {
      calls.push(`insert under ${parentId === ids.admin ? 'admin' : parentId}`);
      const id = `${parentId.slice(0, 8)}-0000-4000-8000-${String(nextId++).padStart(12, '0')}`;
      childNotes.set(id, {
        _id: id,
        version: 1,
        title: values.title,
        locked: false,
        updatedAt: new Date().toISOString(),
      });
      return id;
    },
    update: async (_tx: unknown, _parentId: string, id: string, patch: { title: string }) => {
      const before = childNotes.get(id)!;
      childNotes.set(id, { ...before, ...patch, version: before.version + 1 });
    },
  },
});

/** The caller: the demo admin, with whatever permissions the test gives them. */
const notesModule: ServiceModule = async (scope, deps) => {
  scope.addHook('onRequest', async (req) => {
    req.auth = {
      userId: ids.admin,
      companyId: ids.company,
      sessionId: ids.admin,
      email: 'admin@demo.test',
      roleId: null,
      permissions,
      isSuperAdmin,
      subscriptionExpired: false,
    };
    assertRoutePermission(req);
  });
  registerResource(scope, deps, systemResource);
  registerResource(scope, deps, ownResource);
  registerChildResource(scope, deps, childResource);
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

setUpTestApp(
  'iamserver',
  async (built) => {
    ({ t, app } = built);
    const { rows } = await t.db
      .owner()
      .query<{ company_id: string; id: string; name: string }>(
        'SELECT company_id, id, name FROM users WHERE email = $1',
        ['admin@demo.test'],
      );
    ids.company = rows[0]!.company_id;
    ids.admin = rows[0]!.id;
    ids.adminName = rows[0]!.name;
    const other = await t.db
      .owner()
      .query<{ company_id: string; id: string }>('SELECT company_id, id FROM users WHERE email = $1', [
        'admin@harbor.test',
      ]);
    ids.otherCompany = other.rows[0]!.company_id;
    ids.otherUser = other.rows[0]!.id;
  },
  { modules: [notesModule] },
);
beforeEach(() => {
  permissions = { contacts: ['read', 'create', 'update', 'delete'] };
  isSuperAdmin = false;
  calls.length = 0;
});

const create = (title: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: URL, payload: { title }, headers });

describe('registerResource', () => {
  it('registers the five routes with their permissions, or only the operations asked for', () => {
    const routes = routeDeclarations(app)
      .filter((r) => /v1\/(read-only-)?notes/.test(r.url))
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

  it('documents each route and the permission it needs in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/iamserver/api/v1/openapi.json' })).json();
    const notes = doc.paths['/iamserver/api/v1/notes'];
    expect(notes.post.description).toBe('Needs the permission contacts.create.');
    expect(notes.post.requestBody.content['application/json'].schema.required).toEqual(['title']);
    expect(doc.paths['/iamserver/api/v1/notes/{id}'].delete.description).toBe('Needs the permission contacts.delete.');
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

const ROOT = '/iamserver/api/v1';

describe('the system scope', () => {
  it('answers 403 to anyone but a super admin, whatever the request and whatever their permissions', async () => {
    for (const [method, url] of [
      ['GET', '/system-notes?limit=100000'],
      ['GET', '/system-notes/not-a-uuid'],
      ['PATCH', '/system-notes/not-a-uuid'],
    ] as const) {
      const res = await app.inject({
        method,
        url: `${ROOT}${url}`,
        payload: method === 'PATCH' ? { version: 'x' } : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ message: 'Only a super admin can do this', code: 'FORBIDDEN' });
    }
    expect(calls).toEqual([]);
  });

  it('lists across every company, reads with an ETag, refuses a stale version and audits in the item’s company', async () => {
    isSuperAdmin = true;
    permissions = {};
    const id = await noteRepository.insert(undefined, {
      title: 'System note',
      companyId: ids.company,
      createdBy: ids.admin,
    });
    calls.length = 0;
    const list = await app.inject({ method: 'GET', url: `${ROOT}/system-notes?search=System` });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().meta.total).toBe(1);
    const { rows } = await t.db.owner().query<{ n: number }>('SELECT count(*)::int AS n FROM companies');
    expect(rows[0]!.n).toBeGreaterThan(1);
    expect(calls[0]).toBe(`companies ${rows[0]!.n}`);

    const read = await app.inject({ method: 'GET', url: `${ROOT}/system-notes/${id}` });
    expect(read.headers.etag).toBe('"1"');
    const ok = await app.inject({
      method: 'PUT',
      url: `${ROOT}/system-notes/${id}`,
      payload: { version: 1, title: 'Changed' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.headers.etag).toBe('"2"');
    const stale = await app.inject({
      method: 'PATCH',
      url: `${ROOT}/system-notes/${id}`,
      payload: { version: 1, title: 'Lost' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT', conflict: { version: 2 } });
    const { rows: audit } = await t.db
      .owner()
      .query<{ company_id: string; action: string }>('SELECT company_id, action FROM audit_log WHERE entity_id = $1', [
        id,
      ]);
    expect(audit).toEqual([{ company_id: ids.otherCompany, action: 'note.update' }]);
  });
});

describe('the own-record scope', () => {
  it('reads and updates the caller’s own record with its ETag and version, with no permission and no id', async () => {
    permissions = {};
    store.set(ids.admin, {
      _id: ids.admin,
      version: 4,
      title: 'Mine',
      locked: false,
      updatedAt: new Date().toISOString(),
    });
    const read = await app.inject({ method: 'GET', url: `${ROOT}/own-note` });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toMatchObject({ _id: ids.admin, title: 'Mine' });
    expect(read.headers.etag).toBe('"4"');
    const stale = await app.inject({ method: 'PATCH', url: `${ROOT}/own-note`, payload: { version: 3, title: 'Old' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('VERSION_CONFLICT');
    const ok = await app.inject({
      method: 'PATCH',
      url: `${ROOT}/own-note`,
      headers: { 'if-match': '"4"' },
      payload: { title: 'Mine too' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.headers.etag).toBe('"5"');
    expect(store.get(ids.admin)).toMatchObject({ title: 'Mine too', version: 5 });
    expect(
      (await app.inject({ method: 'PUT', url: `${ROOT}/own-note`, payload: { version: 5, title: 'x' } })).statusCode,
    ).toBe(404);
  });
});

describe('a child resource', () => {
  it('needs the parent’s permission before validation, and 404s a parent of another company under row-level security', async () => {
    permissions = { users: ['read'] };
    const refused = await app.inject({ method: 'POST', url: `${ROOT}/members/not-a-uuid/notes`, payload: { junk: 1 } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    permissions = { contacts: ['read', 'create', 'update', 'delete'] };
    expect((await app.inject({ method: 'GET', url: `${ROOT}/members/${ids.admin}/notes` })).statusCode).toBe(403);

    permissions = { users: ['read', 'create', 'update'] };
    for (const [method, url] of [
      ['GET', `/members/${ids.otherUser}/notes`],
      ['POST', `/members/${ids.otherUser}/notes`],
    ] as const) {
      const res = await app.inject({
        method,
        url: `${ROOT}${url}`,
        payload: method === 'POST' ? { title: 'Sneaky' } : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ message: 'User not found', code: 'NOT_FOUND' });
    }
    expect(calls).toEqual([]);
  });

  it('hands the parent’s id to the child’s repository, with the kit’s versions and ETag', async () => {
    permissions = { users: ['read', 'create', 'update'] };
    const created = await app.inject({
      method: 'POST',
      url: `${ROOT}/members/${ids.admin}/notes`,
      payload: { title: 'Child' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data._id as string;
    expect(calls).toContain('insert under admin');
    const read = await app.inject({ method: 'GET', url: `${ROOT}/members/${ids.admin}/notes/${id}` });
    expect(read.headers.etag).toBe('"1"');
    const list = await app.inject({ method: 'GET', url: `${ROOT}/members/${ids.admin}/notes` });
    expect(list.json()).toMatchObject({ data: [{ _id: id }], meta: { total: 1, page: 1, limit: 20 } });
    const stale = await app.inject({
      method: 'PATCH',
      url: `${ROOT}/members/${ids.admin}/notes/${id}`,
      payload: { version: 2, title: 'x' },
    });
    expect(stale.statusCode).toBe(409);
    const ok = await app.inject({
      method: 'PATCH',
      url: `${ROOT}/members/${ids.admin}/notes/${id}`,
      payload: { version: 1, title: 'y' },
    });
    expect(ok.headers.etag).toBe('"2"');
    expect((await app.inject({ method: 'DELETE', url: `${ROOT}/members/${ids.admin}/notes/${id}` })).statusCode).toBe(
      404,
    );
  });
});
