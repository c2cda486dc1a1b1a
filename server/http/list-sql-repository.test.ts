/**
 * The shared list page and find-by-id that every resource repository stands on, against the seeded
 * database: the total describes the whole filter while the items are one page of it, request values stay
 * values, and a locked find works on a select that joins other tables.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../db/database.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import {
  columnTable,
  findById,
  isoTimestamp,
  jsonValue,
  orderByClause,
  selectPage,
  textArray,
  type PageSql,
} from './list-sql-repository.ts';

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

const inSystem = <T>(fn: (tx: Queryable) => Promise<T>) =>
  t.db.transaction({ role: 'freight_system', companyId: null }, fn);

const SELECT = 'SELECT u.id, u.email, r.name AS role_name FROM users u LEFT JOIN roles r ON r.id = u.role_id';
const toEmail = (row: { email: string }) => row.email;

function byEmail(pattern: string): PageSql {
  return {
    select: SELECT,
    countFrom: 'users u',
    where: 'WHERE u.email ILIKE $1',
    params: [pattern],
    orderBy: orderByClause({ field: 'email', descending: false }, { email: 'lower(u.email)' }, 'u.id'),
  };
}

describe('selectPage', () => {
  it('answers one page of the filtered rows with the total of the whole filter', async () => {
    const all = await inSystem((tx) => selectPage(tx, byEmail('%'), { limit: 1000, offset: 0 }, toEmail));
    expect(all.items.length).toBeGreaterThan(3);
    expect(all.total).toBe(all.items.length);

    const page = await inSystem((tx) => selectPage(tx, byEmail('%'), { limit: 2, offset: 1 }, toEmail));
    expect(page).toEqual({ items: all.items.slice(1, 3), total: all.total });
  });

  it('treats a search that looks like SQL as a value to match', async () => {
    const page = await inSystem((tx) =>
      selectPage(tx, byEmail("%'; DELETE FROM users; --%"), { limit: 10, offset: 0 }, toEmail),
    );
    expect(page).toEqual({ items: [], total: 0 });
    const after = await inSystem((tx) => selectPage(tx, byEmail('%'), { limit: 1, offset: 0 }, toEmail));
    expect(after.total).toBeGreaterThan(3);
  });
});

describe('findById', () => {
  it('finds the row, locked only in its own table when the select joins another', async () => {
    const [email] = (await inSystem((tx) => selectPage(tx, byEmail('%'), { limit: 1, offset: 0 }, toEmail))).items;
    const id = await inSystem(async (tx) => {
      const { rows } = await tx.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
      return rows[0]!.id;
    });
    // PostgreSQL refuses FOR UPDATE on the nullable side of an outer join: `OF u` locks the user row only.
    const found = await inSystem((tx) => findById(tx, SELECT, id, toEmail, { lock: true, alias: 'u' }));
    expect(found).toBe(email);
  });

  it('answers undefined for an id that is not there', async () => {
    const found = await inSystem((tx) =>
      findById(tx, SELECT, '00000000-0000-0000-0000-000000000000', toEmail, { alias: 'u' }),
    );
    expect(found).toBeUndefined();
  });
});

describe('columnTable', () => {
  const users = columnTable<{ _id: string; email: string; createdAt: string }>('users', {
    _id: 'id',
    email: 'email',
    createdAt: { column: 'created_at', sql: 'created_at', read: isoTimestamp },
  });

  it('selects and maps every mapped column, converting those with a reader', async () => {
    const page = await inSystem((tx) =>
      users.page(
        tx,
        { where: 'WHERE email ILIKE $1', params: ['%@%'], orderBy: 'ORDER BY id' },
        {
          limit: 1,
          offset: 0,
        },
      ),
    );
    expect(page.total).toBeGreaterThan(0);
    const [item] = page.items;
    expect(Object.keys(item!).sort()).toEqual(['_id', 'createdAt', 'email']);
    expect(item!.createdAt).toBe(new Date(item!.createdAt).toISOString());
    expect(await inSystem((tx) => users.find(tx, item!._id))).toEqual(item);
  });

  it('names the columns of patch and sort fields, case-folded where asked', () => {
    expect(users.columns(['email', 'createdAt'])).toEqual({ email: 'email', createdAt: 'created_at' });
    expect(users.sortColumns({ email: 'lower', createdAt: 'exact', name: { sql: 'lower(name)' } })).toEqual({
      email: 'lower(email)',
      createdAt: 'created_at',
      name: 'lower(name)',
    });
  });

  const withRoles = columnTable<{ _id: string; email: string; roleName: string | null }>(
    'users',
    { _id: 'id', email: 'email', roleName: { column: 'role_name', sql: 'r.name' } },
    { alias: 'u', joins: 'LEFT JOIN roles r ON r.id = u.role_id' },
  );

  it('reads joined columns through an alias and locks only its own row', async () => {
    const page = await inSystem((tx) =>
      withRoles.page(
        tx,
        { where: 'WHERE u.email ILIKE $1', params: ['%@%'], orderBy: 'ORDER BY u.id' },
        {
          limit: 50,
          offset: 0,
        },
      ),
    );
    expect(page.items.some((item) => item.roleName !== null)).toBe(true);
    const [item] = page.items;
    // PostgreSQL refuses FOR UPDATE on the nullable side of an outer join: the lock must name `u`.
    expect(await inSystem((tx) => withRoles.find(tx, item!._id, { lock: true }))).toEqual(item);
    expect(withRoles.sortColumns({ email: 'lower', _id: 'exact' })).toEqual({ email: 'lower(u.email)', _id: 'u.id' });
  });

  it('lists a search as the contains-pattern $1, the filters after it, sorted by the field then the id', async () => {
    const sortColumns = withRoles.sortColumns<'email'>({ email: 'lower' });
    // The count reads `users u` alone, so the filter reaches the role through a subquery, not the join.
    const where = `WHERE ($1::text IS NULL OR u.email ILIKE $1)
                     AND ($2::text IS NULL OR (SELECT name FROM roles WHERE id = u.role_id) = $2)`;
    const list = (search: string | undefined, role: string | null, descending = false) =>
      inSystem((tx) =>
        withRoles.list(
          tx,
          { page: 1, limit: 100, offset: 0, search, sort: { field: 'email', descending } },
          {
            where: where.replace('r.name', '(SELECT name FROM roles WHERE id = u.role_id)'),
            filters: [role],
            sortColumns,
          },
        ),
      );
    const all = await list(undefined, null);
    expect(all.total).toBe(all.items.length);
    expect(all.items.map((item) => item.email)).toEqual(
      [...all.items.map((item) => item.email)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    const demo = await list('@DEMO.', null, true);
    expect(demo.items.length).toBeGreaterThan(0);
    expect(demo.items.every((item) => item.email.includes('@demo.'))).toBe(true);
    expect(demo.items.map((item) => item.email)).toEqual(
      all.items
        .filter((item) => item.email.includes('@demo.'))
        .map((item) => item.email)
        .reverse(),
    );
    const role = demo.items.find((item) => item.roleName !== null)!.roleName;
    expect((await list('@demo.', role)).items.every((item) => item.roleName === role)).toBe(true);
    expect((await list('%', null)).total).toBe(0);
  });
});

describe('column readers', () => {
  it('read arrays and JSON the same whether the driver parsed them or not', () => {
    expect(textArray(['a', 'b'])).toEqual(['a', 'b']);
    expect(textArray('{a,b}')).toEqual(['a', 'b']);
    expect(textArray('{}')).toEqual([]);
    expect(textArray(null)).toEqual([]);
    expect(jsonValue('{"a":1}')).toEqual({ a: 1 });
    expect(jsonValue({ a: 1 })).toEqual({ a: 1 });
    expect(jsonValue(null)).toBeNull();
  });
});
