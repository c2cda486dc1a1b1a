/**
 * SQL for companies: a company's own settings (tenant transaction: the row is its own tenant) and the
 * super-admin's view across tenants (system transaction).
 */
import type { z } from 'zod';
import {
  updateCompanyBody,
  type AppAdminCompany,
  type APP_ADMIN_COMPANY_SORT_FIELDS,
  type companySchema,
} from '../../../../src/shared/contracts/company.ts';
import type { Queryable } from '../../../db/database.ts';
import type { ListQuery } from '../../../http/list-query.ts';
import {
  columnTable,
  jsonValue,
  updateVersioned,
  VERSIONED_COLUMNS,
  type ColumnMap,
} from '../../../http/list-sql-repository.ts';

export const COMPANY_SORT_FIELDS = ['name', 'short_name', 'expiryDate', 'createdAt'] as const;
export type CompanySortField = (typeof COMPANY_SORT_FIELDS)[number];

/** A company as the iam resources answer it (the shared contract). */
export type CompanyItem = z.infer<typeof companySchema>;

const COMPANY_COLUMNS: ColumnMap<CompanyItem> = {
  ...VERSIONED_COLUMNS,
  name: 'name',
  short_name: 'short_name',
  company_type: 'company_type',
  account_type: 'account_type',
  prefered_language: 'prefered_language',
  operating_country: 'operating_country',
  currency: 'currency',
  timezone: 'timezone',
  address: { column: 'address', read: (value) => (jsonValue(value) ?? {}) as Record<string, unknown> },
  phone: 'phone',
  logoFileId: 'logo_file_id',
  is_subscribed_for_campaign: 'is_subscribed_for_campaign',
  twoFactorAuth: 'two_factor_auth',
  account_setup: 'account_setup',
  subscripedPlan: {
    column: 'subscriped_plan',
    sql: "json_build_object('name', plan_name, 'expiryDate', to_char(plan_expiry_date, 'YYYY-MM-DD'))",
    read: (value) => jsonValue(value) as CompanyItem['subscripedPlan'],
  },
  isExpired: { column: 'expired', sql: 'plan_expiry_date < current_date' },
};
const COMPANIES = columnTable<CompanyItem>('companies', COMPANY_COLUMNS);

export const findCompany = COMPANIES.find;

/** A company with its number of users: the app admin's console (system transaction). */
const APP_ADMIN_COMPANIES = columnTable<AppAdminCompany>('companies', {
  ...COMPANY_COLUMNS,
  userCount: {
    column: 'user_count',
    sql: '(SELECT count(*)::int FROM users u WHERE u.company_id = companies.id)',
    read: Number,
  },
});

type AppAdminSortField = (typeof APP_ADMIN_COMPANY_SORT_FIELDS)[number];
const APP_ADMIN_SORT_COLUMNS = APP_ADMIN_COMPANIES.sortColumns<AppAdminSortField>({
  name: 'lower',
  accountType: { sql: 'lower(account_type)' },
  planName: { sql: 'lower(plan_name)' },
  expiryDate: { sql: 'plan_expiry_date' },
  userCount: { sql: 'user_count' },
  createdAt: 'exact',
});

/** Every company with its number of users (system transaction: the app admin's console). */
export async function listAppAdminCompanies(
  tx: Queryable,
  query: ListQuery<AppAdminSortField>,
): Promise<{ items: AppAdminCompany[]; total: number }> {
  const where = query.search ? 'WHERE (name ILIKE $1 OR short_name ILIKE $1)' : 'WHERE $1::text IS NULL';
  return APP_ADMIN_COMPANIES.list(tx, query, { where, sortColumns: APP_ADMIN_SORT_COLUMNS });
}

/** One company with its number of users (system transaction). */
export async function findAppAdminCompany(tx: Queryable, id: string): Promise<AppAdminCompany | undefined> {
  return APP_ADMIN_COMPANIES.find(tx, id);
}

/** What a company's settings update may change: the update body's fields but its version. */
export type CompanySettingsPatch = Omit<z.output<typeof updateCompanyBody>, 'version'>;
const SETTINGS_FIELDS = Object.keys(updateCompanyBody.shape).filter(
  (field): field is keyof CompanySettingsPatch => field !== 'version',
);
const SETTINGS_COLUMNS: Record<keyof CompanySettingsPatch, string> = COMPANIES.columns(SETTINGS_FIELDS);

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
