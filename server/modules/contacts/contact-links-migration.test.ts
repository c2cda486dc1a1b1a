/**
 * Migration 023 on the data of before it: a contact's business type and tag id arrays become rows of the
 * join tables, in their order; an id that points at nothing of the contact's company (a deleted type, a
 * deleted tag, another company's type) is dropped; the arrays are gone. Then the keys hold: no link to a
 * missing or foreign row can be written, even past the service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from '../../db/migrate.ts';
import type { Queryable } from '../../db/database.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';

let t: TestDatabase;
const system = <T>(work: (tx: Queryable) => Promise<T>) =>
  t.db.transaction({ role: 'freight_system', companyId: null }, work);
const one = async (tx: Queryable, sql: string, params: unknown[]) =>
  (await tx.query<{ id: string }>(`${sql} RETURNING id`, params)).rows[0]!.id;

const ids = {} as Record<
  'acme' | 'other' | 'shipper' | 'agent' | 'otherShipper' | 'vip' | 'gone' | 'full' | 'dangling',
  string
>;

beforeAll(async () => {
  const all = await loadMigrations();
  t = await createTestDatabase({ migrations: all.filter((m) => m.version < '023') });
  await system(async (tx) => {
    const company = (name: string) =>
      one(tx, "INSERT INTO companies (name, short_name, plan_expiry_date) VALUES ($1, $1, '2099-01-01')", [name]);
    ids.acme = await company('Acme');
    ids.other = await company('Other');
    const type = (companyId: string, code: string) =>
      one(tx, 'INSERT INTO business_types (company_id, code, name) VALUES ($1, $2, $2)', [companyId, code]);
    ids.shipper = await type(ids.acme, 'shipper');
    ids.agent = await type(ids.acme, 'agent');
    ids.otherShipper = await type(ids.other, 'shipper');
    ids.vip = await one(tx, "INSERT INTO contact_tags (company_id, name) VALUES ($1, 'VIP')", [ids.acme]);
    ids.gone = await one(tx, "INSERT INTO contact_tags (company_id, name) VALUES ($1, 'Gone')", [ids.acme]);
    // What deleting a type or a tag left behind before: ids of rows that no longer exist.
    const deletedType = await type(ids.acme, 'deleted');
    await tx.query('DELETE FROM business_types WHERE id = $1', [deletedType]);
    await tx.query('DELETE FROM contact_tags WHERE id = $1', [ids.gone]);
    const contact = (name: string, typeIds: string[], tagIds: string[]) =>
      one(tx, 'INSERT INTO contacts (company_id, name, type_ids, tag_ids) VALUES ($1, $2, $3::uuid[], $4::uuid[])', [
        ids.acme,
        name,
        typeIds,
        tagIds,
      ]);
    ids.full = await contact('Full', [ids.agent, ids.shipper], [ids.vip]);
    ids.dangling = await contact(
      'Dangling',
      [deletedType, ids.shipper, ids.otherShipper, ids.shipper],
      [ids.gone, ids.vip],
    );
  });
  expect(await migrate(t.db, all)).toContain('023_contact_links');
});
afterAll(async () => t?.close());

const links = (table: 'contact_business_types' | 'contact_tag_links', column: string, contactId: string) =>
  system(async (tx) =>
    (
      await tx.query<{ id: string }>(`SELECT ${column} AS id FROM ${table} WHERE contact_id = $1 ORDER BY position`, [
        contactId,
      ])
    ).rows.map((r) => r.id),
  );

describe('migration 023: contacts link to business types and tags through join tables', () => {
  it('moves the arrays into links, in order, and drops the ids that point at nothing', async () => {
    expect(await links('contact_business_types', 'business_type_id', ids.full)).toEqual([ids.agent, ids.shipper]);
    expect(await links('contact_tag_links', 'tag_id', ids.full)).toEqual([ids.vip]);
    expect(await links('contact_business_types', 'business_type_id', ids.dangling)).toEqual([ids.shipper]);
    expect(await links('contact_tag_links', 'tag_id', ids.dangling)).toEqual([ids.vip]);
    const columns = await system(async (tx) =>
      (
        await tx.query<{ name: string }>(
          "SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'contacts'",
        )
      ).rows.map((r) => r.name),
    );
    expect(columns).not.toContain('type_ids');
    expect(columns).not.toContain('tag_ids');
  });

  it('refuses a link to a missing row or to another company’s row, and a deleted type still in use', async () => {
    const attempt = (sql: string, params: unknown[]) =>
      system((tx) => tx.query(sql, params)).then(
        () => 'written',
        (error: { code?: string }) => error.code,
      );
    const link =
      'INSERT INTO contact_business_types (company_id, contact_id, business_type_id, position) VALUES ($1, $2, $3, 9)';
    expect(await attempt(link, [ids.acme, ids.full, '00000000-0000-4000-8000-000000000000'])).toBe('23503');
    expect(await attempt(link, [ids.acme, ids.full, ids.otherShipper])).toBe('23503');
    expect(await attempt(link, [ids.other, ids.full, ids.otherShipper])).toBe('23503');
    expect(await attempt('DELETE FROM business_types WHERE id = $1', [ids.shipper])).toBe('23503');
    // A tag is detached when deleted; a contact takes its links with it.
    expect(await attempt('DELETE FROM contact_tags WHERE id = $1', [ids.vip])).toBe('written');
    expect(await links('contact_tag_links', 'tag_id', ids.full)).toEqual([]);
    expect(await attempt('DELETE FROM contacts WHERE id = $1', [ids.full])).toBe('written');
    expect(await links('contact_business_types', 'business_type_id', ids.full)).toEqual([]);
  });
});
