/**
 * SQL for companies: a company's own settings (tenant transaction: the row is its own tenant) and the
 * super-admin's view across tenants (system transaction).
 */
import type { z } from 'zod';
import type {
  AppAdminCompany,
  APP_ADMIN_COMPANY_SORT_FIELDS,
  companySchema,
} from '../../../../src/shared/contracts/company.ts';
import type { Queryable } from '../../../db/database.ts';
import { containsPattern, type ListQuery } from '../../../http/list-query.ts';
import {
  findById,
  isoTimestamp,
  orderByClause,
  selectPage,
  updateVersioned,
} from '../../../http/list-sql-repository.ts';

export const COMPANY_SORT_FIELDS = ['name', 'short_name', 'expiryDate', 'createdAt'] as const;
export type CompanySortField = (typeof COMPANY_SORT_FIELDS)[number];

/** A company as the iam resources answer it (the shared contract). */
export type CompanyItem = z.infer<typeof companySchema>;

const SELECT_COMPANY = `SELECT id, version, name, short_name, company_type, account_type, prefered_language, operating_country,
        currency, timezone, address, phone, logo_file_id, is_subscribed_for_campaign, two_factor_auth, account_setup, plan_name,
        to_char(plan_expiry_date, 'YYYY-MM-DD') AS plan_expiry_date, plan_expiry_date < current_date AS expired,
        created_at, updated_at
   FROM companies`;

function toCompany(r: Record<string, unknown>): CompanyItem {
  const address = typeof r.address === 'string' ? JSON.parse(r.address) : r.address;
  return {
    _id: r.id as string,
    version: r.version as number,
    name: r.name as string,
    short_name: r.short_name as string,
    company_type: r.company_type as string,
    account_type: r.account_type as string,
    prefered_language: r.prefered_language as string,
    operating_country: r.operating_country as string,
    currency: r.currency as string,
    timezone: r.timezone as string,
    address: (address ?? {}) as Record<string, unknown>,
    phone: r.phone as string,
    logoFileId: (r.logo_file_id as string | null) ?? null,
    is_subscribed_for_campaign: r.is_subscribed_for_campaign as boolean,
    twoFactorAuth: r.two_factor_auth as boolean,
    account_setup: r.account_setup as boolean,
    subscripedPlan: { name: r.plan_name as string, expiryDate: r.plan_expiry_date as string },
    isExpired: r.expired as boolean,
    createdAt: isoTimestamp(r.created_at),
    updatedAt: isoTimestamp(r.updated_at),
  };
}

export async function findCompany(
  tx: Queryable,
  id: string,
  options: { lock?: boolean } = {},
): Promise<CompanyItem | undefined> {
  return findById(tx, SELECT_COMPANY, id, toCompany, options);
}

type AppAdminSortField = (typeof APP_ADMIN_COMPANY_SORT_FIELDS)[number];

const APP_ADMIN_SORT_COLUMNS: Record<AppAdminSortField, string> = {
  name: 'lower(name)',
  accountType: 'lower(account_type)',
  planName: 'lower(plan_name)',
  expiryDate: 'plan_expiry_date',
  userCount: 'user_count',
  createdAt: 'created_at',
};

const SELECT_APP_ADMIN_COMPANY = `SELECT * FROM (
  SELECT c.*, (SELECT count(*)::int FROM users u WHERE u.company_id = c.id) AS user_count FROM (${SELECT_COMPANY}) AS c
) AS companies`;

/** Every company with its number of users (system transaction: the app admin's console). */
export async function listAppAdminCompanies(
  tx: Queryable,
  query: ListQuery<AppAdminSortField>,
): Promise<{ items: AppAdminCompany[]; total: number }> {
  const where = query.search ? 'WHERE (name ILIKE $1 OR short_name ILIKE $1)' : 'WHERE $1::text IS NULL';
  const pattern = query.search ? containsPattern(query.search) : null;
  const orderBy = orderByClause(query.sort, APP_ADMIN_SORT_COLUMNS, 'id');
  return selectPage(
    tx,
    { select: SELECT_APP_ADMIN_COMPANY, countFrom: 'companies', where, params: [pattern], orderBy },
    query,
    toAppAdminCompany,
  );
}

/** One company with its number of users (system transaction). */
export async function findAppAdminCompany(tx: Queryable, id: string): Promise<AppAdminCompany | undefined> {
  const { rows } = await tx.query<Record<string, unknown>>(`${SELECT_APP_ADMIN_COMPANY} WHERE id = $1`, [id]);
  return rows[0] ? toAppAdminCompany(rows[0]) : undefined;
}

function toAppAdminCompany(r: Record<string, unknown>): AppAdminCompany {
  return { ...toCompany(r), userCount: Number(r.user_count) };
}

export interface CompanySettingsPatch {
  name?: string;
  short_name?: string;
  company_type?: string;
  account_type?: string;
  prefered_language?: string;
  operating_country?: string;
  currency?: string;
  timezone?: string;
  address?: Record<string, unknown>;
  phone?: string;
  logoFileId?: string | null;
  is_subscribed_for_campaign?: boolean;
  twoFactorAuth?: boolean;
  account_setup?: boolean;
}

const SETTINGS_COLUMNS: Record<keyof CompanySettingsPatch, string> = {
  name: 'name',
  short_name: 'short_name',
  company_type: 'company_type',
  account_type: 'account_type',
  prefered_language: 'prefered_language',
  operating_country: 'operating_country',
  currency: 'currency',
  timezone: 'timezone',
  address: 'address',
  phone: 'phone',
  logoFileId: 'logo_file_id',
  is_subscribed_for_campaign: 'is_subscribed_for_campaign',
  twoFactorAuth: 'two_factor_auth',
  account_setup: 'account_setup',
};

export async function updateCompanySettings(tx: Queryable, id: string, patch: CompanySettingsPatch): Promise<void> {
  const row = { ...patch, address: patch.address ? JSON.stringify(patch.address) : undefined };
  await updateVersioned(tx, 'companies', id, row, SETTINGS_COLUMNS);
}

export interface CompanyPlanPatch {
  planName?: string;
  expiryDate?: string;
}

const PLAN_COLUMNS: Record<keyof CompanyPlanPatch, string> = { planName: 'plan_name', expiryDate: 'plan_expiry_date' };

export async function updateCompanyPlan(tx: Queryable, id: string, patch: CompanyPlanPatch): Promise<void> {
  await updateVersioned(tx, 'companies', id, patch, PLAN_COLUMNS);
}

/** Every company (system transaction): the demo seed runs only on an empty database. */
export async function countCompanies(tx: Queryable): Promise<number> {
  const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM companies');
  return rows[0]?.n ?? 0;
}

/** The company row of a new tenant (system transaction); ./company-provisioning adds what it starts with. */
export async function insertCompany(
  tx: Queryable,
  company: {
    name: string;
    shortName: string;
    accountType: string;
    planName: string;
    expiryDate: string;
    operatingCountry: string;
    currency: string;
    timezone: string;
  },
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO companies (name, short_name, account_type, plan_name, plan_expiry_date, operating_country, currency, timezone)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      company.name,
      company.shortName,
      company.accountType,
      company.planName,
      company.expiryDate,
      company.operatingCountry,
      company.currency,
      company.timezone,
    ],
  );
  return rows[0]!.id;
}
