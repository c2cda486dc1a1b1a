/**
 * SQL for `/receivinglocation`, inside a tenant transaction (row-level security scopes every statement).
 */
import type { ReceivingLocation } from '../../../../src/shared/contracts/master-data.ts';
import { type RECEIVING_LOCATION_SORT_FIELDS } from '../../../../src/shared/contracts/master-data.ts';
import type { Queryable } from '../../../db/database.ts';
import { containsPattern, type ListQuery } from '../../../http/list-query.ts';
import {
  deleteById,
  findById,
  isoTimestamp,
  orderByClause,
  selectPage,
  updateVersioned,
} from '../../../http/list-sql-repository.ts';

type SortField = (typeof RECEIVING_LOCATION_SORT_FIELDS)[number];

const SORT_COLUMNS: Record<SortField, string> = {
  name: 'lower(name)',
  code: 'lower(code)',
  city: 'lower(city)',
  country: 'country',
  updatedAt: 'updated_at',
};

const SELECT = `SELECT id, version, name, code, address, city, country, locode, contact_name, phone, email, is_active,
                       created_at, updated_at FROM receiving_locations`;

function toItem(r: Record<string, unknown>): ReceivingLocation {
  return {
    _id: r.id as string,
    version: r.version as number,
    name: r.name as string,
    code: r.code as string,
    address: r.address as string,
    city: r.city as string,
    country: r.country as string,
    locode: (r.locode as string | null) ?? null,
    contactName: (r.contact_name as string | null) ?? null,
    phone: (r.phone as string | null) ?? null,
    email: (r.email as string | null) ?? null,
    isActive: r.is_active as boolean,
    createdAt: isoTimestamp(r.created_at),
    updatedAt: isoTimestamp(r.updated_at),
  };
}

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

const PATCH_COLUMNS: Record<keyof ReceivingLocationPatch, string> = {
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
};

async function list(
  tx: Queryable,
  query: ListQuery<SortField>,
  filters: { country?: string; isActive?: 'true' | 'false' },
): Promise<{ items: ReceivingLocation[]; total: number }> {
  const where = `WHERE ($1::text IS NULL OR name ILIKE $1 OR code ILIKE $1 OR city ILIKE $1 OR address ILIKE $1)
                   AND ($2::text IS NULL OR country = $2) AND ($3::boolean IS NULL OR is_active = $3)`;
  const params = [
    query.search ? containsPattern(query.search) : null,
    filters.country ?? null,
    filters.isActive === undefined ? null : filters.isActive === 'true',
  ];
  const orderBy = orderByClause(query.sort, SORT_COLUMNS, 'id');
  return selectPage(tx, { select: SELECT, countFrom: 'receiving_locations', where, params, orderBy }, query, toItem);
}

async function find(tx: Queryable, id: string, options: { lock?: boolean } = {}) {
  return findById(tx, SELECT, id, toItem, options);
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

async function remove(tx: Queryable, id: string): Promise<boolean> {
  return deleteById(tx, 'receiving_locations', id);
}

export const receivingLocationRepository = { list, find, insert, update, remove };
