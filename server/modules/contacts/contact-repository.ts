/** SQL for `/contacts`, inside a tenant transaction. */
import type { Contact } from '../../../src/shared/contracts/contacts.ts';
import { type CONTACT_SORT_FIELDS } from '../../../src/shared/contracts/contacts.ts';
import type { Queryable } from '../../db/database.ts';
import type { ListQuery } from '../../http/list-query.ts';
import { columnTable, textArray, updateVersioned, VERSIONED_COLUMNS } from '../../http/list-sql-repository.ts';

type SortField = (typeof CONTACT_SORT_FIELDS)[number];
// A contact's business types and tags live in join tables (migration 023); the answer keeps them as
// id arrays, in the order the caller gave.
const CONTACTS = columnTable<Contact>(
  'contacts',
  {
    ...VERSIONED_COLUMNS,
    name: 'name',
    typeIds: {
      column: 'type_ids',
      sql: `ARRAY(SELECT l.business_type_id FROM contact_business_types l WHERE l.contact_id = c.id
              ORDER BY l.position, l.business_type_id)`,
      read: textArray,
    },
    email: 'email',
    phone: 'phone',
    address: 'address',
    city: 'city',
    country: 'country',
    taxId: 'tax_id',
    tagIds: {
      column: 'tag_ids',
      sql: 'ARRAY(SELECT l.tag_id FROM contact_tag_links l WHERE l.contact_id = c.id ORDER BY l.position, l.tag_id)',
      read: textArray,
    },
    notes: 'notes',
  },
  { alias: 'c' },
);
const SORT_COLUMNS = CONTACTS.sortColumns<SortField>({
  name: 'lower',
  city: 'lower',
  country: 'exact',
  createdAt: 'exact',
  updatedAt: 'exact',
});

export interface ContactValues {
  companyId: string;
  createdBy: string;
  name: string;
  typeIds: string[];
  email: string;
  phone: string;
  address: string;
  city: string;
  country: string;
  taxId: string;
  tagIds: string[];
  notes: string;
}
export type ContactPatch = Partial<Omit<ContactValues, 'companyId' | 'createdBy'>>;
type ColumnField = Exclude<keyof ContactPatch, 'typeIds' | 'tagIds'>;
const PATCH_COLUMNS: Record<ColumnField, string> = CONTACTS.columns([
  'name',
  'email',
  'phone',
  'address',
  'city',
  'country',
  'taxId',
  'notes',
]);

export interface ContactFilters {
  typeIds?: string[] | undefined;
  tagIds?: string[] | undefined;
  country?: string | undefined;
}

/**
 * One page of contacts: the search matches name, e-mail, city and tax id anywhere (case-insensitive); a contact matches a type or tag filter when it has any of the ids given.
 */
export async function listContacts(
  tx: Queryable,
  query: ListQuery<SortField>,
  filters: ContactFilters,
): Promise<{ items: Contact[]; total: number }> {
  const where = `WHERE ($1::text IS NULL OR name ILIKE $1 OR email ILIKE $1 OR city ILIKE $1 OR tax_id ILIKE $1)
    AND ($2::uuid[] IS NULL OR EXISTS (SELECT 1 FROM contact_business_types l
                                       WHERE l.contact_id = c.id AND l.business_type_id = ANY($2::uuid[])))
    AND ($3::uuid[] IS NULL OR EXISTS (SELECT 1 FROM contact_tag_links l
                                       WHERE l.contact_id = c.id AND l.tag_id = ANY($3::uuid[])))
    AND ($4::text IS NULL OR country = $4)`;
  return CONTACTS.list(tx, query, {
    where,
    filters: [
      filters.typeIds?.length ? filters.typeIds : null,
      filters.tagIds?.length ? filters.tagIds : null,
      filters.country ?? null,
    ],
    sortColumns: SORT_COLUMNS,
  });
}

/** Replaces a contact's business types and tags with `ids`, in their order. */
async function setLinks(
  tx: Queryable,
  contactId: string,
  link: { table: 'contact_business_types' | 'contact_tag_links'; column: 'business_type_id' | 'tag_id' },
  ids: readonly string[],
): Promise<void> {
  await tx.query(`DELETE FROM ${link.table} WHERE contact_id = $1`, [contactId]);
  if (ids.length === 0) return;
  await tx.query(
    `INSERT INTO ${link.table} (company_id, contact_id, ${link.column}, position)
     SELECT c.company_id, c.id, u.id, u.position FROM contacts c, unnest($2::uuid[]) WITH ORDINALITY AS u(id, position)
      WHERE c.id = $1`,
    [contactId, ids],
  );
}
const TYPE_LINKS = { table: 'contact_business_types', column: 'business_type_id' } as const;
const TAG_LINKS = { table: 'contact_tag_links', column: 'tag_id' } as const;

async function insert(tx: Queryable, v: ContactValues): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO contacts (company_id, created_by, name, email, phone, address, city, country, tax_id, notes)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [v.companyId, v.createdBy, v.name, v.email, v.phone, v.address, v.city, v.country, v.taxId, v.notes],
  );
  const id = rows[0]!.id;
  await setLinks(tx, id, TYPE_LINKS, v.typeIds);
  await setLinks(tx, id, TAG_LINKS, v.tagIds);
  return id;
}

async function update(tx: Queryable, id: string, patch: ContactPatch): Promise<void> {
  const { typeIds, tagIds, ...columns } = patch;
  await updateVersioned(tx, 'contacts', id, columns, PATCH_COLUMNS);
  if (typeIds) await setLinks(tx, id, TYPE_LINKS, typeIds);
  if (tagIds) await setLinks(tx, id, TAG_LINKS, tagIds);
}

export const contactRepository = {
  list: (tx: Queryable, query: ListQuery<SortField>, filters: Record<string, unknown>) =>
    listContacts(tx, query, filters as ContactFilters),
  find: CONTACTS.find,
  insert,
  update,
  remove: CONTACTS.remove,
};

/** Contacts with the same name or tax id as given (case-insensitive), other than `exceptId`. */
export async function findDuplicates(
  tx: Queryable,
  probe: { name?: string | undefined; taxId?: string | undefined; exceptId?: string | undefined },
): Promise<Array<{ _id: string; name: string; taxId: string; on: 'name' | 'taxId' }>> {
  const name = probe.name?.trim() || null;
  const taxId = probe.taxId?.trim() || null;
  if (!name && !taxId) return [];
  const { rows } = await tx.query<{ id: string; name: string; tax_id: string; on_name: boolean }>(
    `SELECT id, name, tax_id, ($1::text IS NOT NULL AND lower(name) = lower($1)) AS on_name FROM contacts
      WHERE (($1::text IS NOT NULL AND lower(name) = lower($1)) OR ($2::text IS NOT NULL AND tax_id <> '' AND lower(tax_id) = lower($2)))
        AND ($3::uuid IS NULL OR id <> $3)
      ORDER BY lower(name), id LIMIT 10`,
    [name, taxId, probe.exceptId ?? null],
  );
  return rows.map((r) => ({ _id: r.id, name: r.name, taxId: r.tax_id, on: r.on_name ? 'name' : 'taxId' }));
}

/** The ids among `ids` that are not business types of the company (master data's `/type`). */
export async function unknownTypeIds(tx: Queryable, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const { rows } = await tx.query<{ id: string }>('SELECT id FROM business_types WHERE id = ANY($1::uuid[])', [ids]);
  const known = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

/** The company's business types by id, name and code (the CSV import matches either). */
export async function businessTypeNames(tx: Queryable): Promise<Array<{ id: string; name: string; code: string }>> {
  return (await tx.query<{ id: string; name: string; code: string }>('SELECT id, name, code FROM business_types')).rows;
}
