/** SQL for `/contact-tags`, inside a tenant transaction. */
import type { ContactTag } from '../../../src/shared/contracts/contacts.ts';
import { type CONTACT_TAG_SORT_FIELDS } from '../../../src/shared/contracts/contacts.ts';
import type { Queryable } from '../../db/database.ts';
import type { ListQuery } from '../../http/list-query.ts';
import { columnTable, updateVersioned, VERSIONED_COLUMNS } from '../../http/list-sql-repository.ts';

type SortField = (typeof CONTACT_TAG_SORT_FIELDS)[number];
const CONTACT_TAGS = columnTable<ContactTag>('contact_tags', {
  ...VERSIONED_COLUMNS,
  name: 'name',
  color: 'color',
});
const SORT_COLUMNS = CONTACT_TAGS.sortColumns<SortField>({ name: 'lower', updatedAt: 'exact' });

export interface ContactTagValues {
  companyId: string;
  createdBy: string;
  name: string;
  color: string;
}
export type ContactTagPatch = Partial<Pick<ContactTagValues, 'name' | 'color'>>;
const PATCH_COLUMNS: Record<keyof ContactTagPatch, string> = CONTACT_TAGS.columns(['name', 'color']);

async function list(tx: Queryable, query: ListQuery<SortField>): Promise<{ items: ContactTag[]; total: number }> {
  const where = 'WHERE ($1::text IS NULL OR name ILIKE $1)';
  return CONTACT_TAGS.list(tx, query, { where, sortColumns: SORT_COLUMNS });
}

async function insert(tx: Queryable, v: ContactTagValues): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    'INSERT INTO contact_tags (company_id, created_by, name, color) VALUES ($1, $2, $3, $4) RETURNING id',
    [v.companyId, v.createdBy, v.name, v.color],
  );
  return rows[0]!.id;
}

async function update(tx: Queryable, id: string, patch: ContactTagPatch): Promise<void> {
  await updateVersioned(tx, 'contact_tags', id, patch, PATCH_COLUMNS);
}

/**
 * Deletes the tag, which takes it off every contact (its links go with it, ON DELETE CASCADE); those
 * contacts changed, so their versions move on (same transaction).
 */
async function remove(tx: Queryable, id: string): Promise<boolean> {
  await tx.query(
    `UPDATE contacts SET version = version + 1, updated_at = now()
      WHERE id IN (SELECT contact_id FROM contact_tag_links WHERE tag_id = $1)`,
    [id],
  );
  return CONTACT_TAGS.remove(tx, id);
}

export const contactTagRepository = { list, find: CONTACT_TAGS.find, insert, update, remove };

/** Another tag of the company with this name (case-insensitive), other than `exceptId`. */
export async function contactTagNameTaken(tx: Queryable, name: string, exceptId?: string): Promise<boolean> {
  const { rows } = await tx.query(
    'SELECT 1 FROM contact_tags WHERE lower(name) = lower($1) AND ($2::uuid IS NULL OR id <> $2) LIMIT 1',
    [name, exceptId ?? null],
  );
  return rows.length > 0;
}

/** The ids among `ids` that are not tags of the company. */
export async function unknownTagIds(tx: Queryable, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const { rows } = await tx.query<{ id: string }>('SELECT id FROM contact_tags WHERE id = ANY($1::uuid[])', [ids]);
  const known = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

/** The company's tags by id and name (the CSV import matches names). */
export async function tagNames(tx: Queryable): Promise<Array<{ id: string; name: string }>> {
  return (await tx.query<{ id: string; name: string }>('SELECT id, name FROM contact_tags')).rows;
}
