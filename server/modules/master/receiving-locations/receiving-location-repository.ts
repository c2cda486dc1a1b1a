/**
 * SQL for `/receivinglocation`, inside a tenant transaction (row-level security scopes every statement).
 */
import type { ReceivingLocation } from '../../../../src/shared/contracts/master-data.ts';
import { type RECEIVING_LOCATION_SORT_FIELDS } from '../../../../src/shared/contracts/master-data.ts';
import type { Queryable } from '../../../db/database.ts';
import type { ListQuery } from '../../../http/list-query.ts';
import { columnTable, updateVersioned, VERSIONED_COLUMNS } from '../../../http/list-sql-repository.ts';

type SortField = (typeof RECEIVING_LOCATION_SORT_FIELDS)[number];

const RECEIVING_LOCATIONS = columnTable<ReceivingLocation>('receiving_locations', {
  ...VERSIONED_COLUMNS,
  name: 'name',
  code: 'code',
  address: 'address',
  city: 'city',
  country: 'country',
  locode: 'locode',
  contactName: 'contact_name',
  phone: 'phone',
  email: 'email',
  isActive: 'is_active',
});
const SORT_COLUMNS = RECEIVING_LOCATIONS.sortColumns<SortField>({
  name: 'lower',
  code: 'lower',
  city: 'lower',
  country: 'exact',
  updatedAt: 'exact',
});

export interface ReceivingLocationValues {
  companyId: string;
  createdBy: string;
  name: string;
  code: string;
  address: string;
  city: string;
  country: string;
  locode?: string | null | undefined;
  contactName?: string | null | undefined;
  phone?: string | null | undefined;
  email?: string | null | undefined;
  isActive: boolean;
}

export type ReceivingLocationPatch = Partial<Omit<ReceivingLocationValues, 'companyId' | 'createdBy'>>;

const PATCH_COLUMNS: Record<keyof ReceivingLocationPatch, string> = RECEIVING_LOCATIONS.columns([
  'name',
  'code',
  'address',
  'city',
  'country',
  'locode',
  'contactName',
  'phone',
  'email',
  'isActive',
]);

async function list(
  tx: Queryable,
  query: ListQuery<SortField>,
  filters: { country?: string; isActive?: 'true' | 'false' },
): Promise<{ items: ReceivingLocation[]; total: number }> {
  const where = `WHERE ($1::text IS NULL OR name ILIKE $1 OR code ILIKE $1 OR city ILIKE $1 OR address ILIKE $1)
                   AND ($2::text IS NULL OR country = $2) AND ($3::boolean IS NULL OR is_active = $3)`;
  return RECEIVING_LOCATIONS.list(tx, query, {
    where,
    filters: [filters.country ?? null, filters.isActive === undefined ? null : filters.isActive === 'true'],
    sortColumns: SORT_COLUMNS,
  });
}

/** Another location of the company with this code (case-insensitive), other than `exceptId`. */
export async function receivingLocationCodeTaken(tx: Queryable, code: string, exceptId?: string): Promise<boolean> {
  const { rows } = await tx.query(
    'SELECT 1 FROM receiving_locations WHERE lower(code) = lower($1) AND ($2::uuid IS NULL OR id <> $2) LIMIT 1',
    [code, exceptId ?? null],
  );
  return rows.length > 0;
}

async function insert(tx: Queryable, v: ReceivingLocationValues): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO receiving_locations
       (company_id, created_by, name, code, address, city, country, locode, contact_name, phone, email, is_active)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
    [
      v.companyId,
      v.createdBy,
      v.name,
      v.code,
      v.address,
      v.city,
      v.country,
      v.locode ?? null,
      v.contactName ?? null,
      v.phone ?? null,
      v.email ?? null,
      v.isActive,
    ],
  );
  return rows[0]!.id;
}

async function update(tx: Queryable, id: string, patch: ReceivingLocationPatch): Promise<void> {
  await updateVersioned(tx, 'receiving_locations', id, patch, PATCH_COLUMNS);
}

export const receivingLocationRepository = {
  list,
  find: RECEIVING_LOCATIONS.find,
  insert,
  update,
  remove: RECEIVING_LOCATIONS.remove,
};
