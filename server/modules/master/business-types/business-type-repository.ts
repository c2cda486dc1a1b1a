/**
 * SQL for `/type` (business types of contacts), inside a tenant transaction; and the defaults a new
 * company gets, inside the provisioning transaction.
 */
import type { BusinessType } from '../../../../src/shared/contracts/master-data.ts';
import { type BUSINESS_TYPE_SORT_FIELDS } from '../../../../src/shared/contracts/master-data.ts';
import type { Queryable } from '../../../db/database.ts';
import type { ListQuery } from '../../../http/list-query.ts';
import { columnTable, updateVersioned, VERSIONED_COLUMNS } from '../../../http/list-sql-repository.ts';

type SortField = (typeof BUSINESS_TYPE_SORT_FIELDS)[number];

const BUSINESS_TYPES = columnTable<BusinessType>('business_types', {
  ...VERSIONED_COLUMNS,
  name: 'name',
  code: 'code',
  isActive: 'is_active',
});
const SORT_COLUMNS = BUSINESS_TYPES.sortColumns<SortField>({ name: 'lower', code: 'lower', updatedAt: 'exact' });

export interface BusinessTypeValues {
  companyId: string;
  createdBy: string;
  name: string;
  code: string;
  isActive: boolean;
}
export type BusinessTypePatch = Partial<Pick<BusinessTypeValues, 'name' | 'code' | 'isActive'>>;
const PATCH_COLUMNS: Record<keyof BusinessTypePatch, string> = BUSINESS_TYPES.columns(['name', 'code', 'isActive']);

async function list(
  tx: Queryable,
  query: ListQuery<SortField>,
  filters: { isActive?: 'true' | 'false' },
): Promise<{ items: BusinessType[]; total: number }> {
  const where = `WHERE ($1::text IS NULL OR name ILIKE $1 OR code ILIKE $1) AND ($2::boolean IS NULL OR is_active = $2)`;
  return BUSINESS_TYPES.list(tx, query, {
    where,
    filters: [filters.isActive === undefined ? null : filters.isActive === 'true'],
    sortColumns: SORT_COLUMNS,
  });
}

/** Another business type of the company with this code (case-insensitive), other than `exceptId`. */
export async function businessTypeCodeTaken(tx: Queryable, code: string, exceptId?: string): Promise<boolean> {
  const { rows } = await tx.query(
    'SELECT 1 FROM business_types WHERE lower(code) = lower($1) AND ($2::uuid IS NULL OR id <> $2) LIMIT 1',
    [code, exceptId ?? null],
  );
  return rows.length > 0;
}

async function insert(tx: Queryable, v: BusinessTypeValues): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO business_types (company_id, created_by, name, code, is_active) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [v.companyId, v.createdBy, v.name, v.code, v.isActive],
  );
  return rows[0]!.id;
}

async function update(tx: Queryable, id: string, patch: BusinessTypePatch): Promise<void> {
  await updateVersioned(tx, 'business_types', id, patch, PATCH_COLUMNS);
}

export const businessTypeRepository = {
  list,
  find: BUSINESS_TYPES.find,
  insert,
  update,
  remove: BUSINESS_TYPES.remove,
};

/** How many contacts have the business type (the company's own: row-level security). */
export async function contactsWithBusinessType(tx: Queryable, id: string): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM contact_business_types WHERE business_type_id = $1',
    [id],
  );
  return rows[0]?.n ?? 0;
}

/** Adds a company's default business types; types it already has (by code) stay as they are. */
export async function insertBusinessTypes(
  tx: Queryable,
  companyId: string,
  types: ReadonlyArray<{ code: string; name: string }>,
): Promise<void> {
  await tx.query(
    `INSERT INTO business_types (company_id, code, name)
     SELECT $1, c, n FROM unnest($2::text[], $3::text[]) AS t(c, n)
     ON CONFLICT DO NOTHING`,
    [companyId, types.map((t) => t.code), types.map((t) => t.name)],
  );
}
