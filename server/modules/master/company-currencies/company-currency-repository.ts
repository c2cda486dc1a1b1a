/**
 * SQL for `/company-currency` and its rate history, inside a tenant transaction. Rates are `numeric`
 * and leave the database as text, so no digit is lost to a float.
 */
import type { CompanyCurrency, CompanyCurrencyRate } from '../../../../src/shared/contracts/master-data.ts';
import { type COMPANY_CURRENCY_SORT_FIELDS } from '../../../../src/shared/contracts/master-data.ts';
import type { Queryable } from '../../../db/database.ts';
import type { ListQuery } from '../../../http/list-query.ts';
import { columnTable, isoTimestamp, updateVersioned, VERSIONED_COLUMNS } from '../../../http/list-sql-repository.ts';

type SortField = (typeof COMPANY_CURRENCY_SORT_FIELDS)[number];
const COMPANY_CURRENCIES = columnTable<CompanyCurrency>('company_currencies', {
  ...VERSIONED_COLUMNS,
  code: 'code',
  exchangeRate: { column: 'exchange_rate', sql: 'trim_scale(exchange_rate)::text' },
  validFrom: { column: 'valid_from', sql: 'valid_from::text' },
});
const SORT_COLUMNS = COMPANY_CURRENCIES.sortColumns<SortField>({
  code: 'exact',
  validFrom: 'exact',
  updatedAt: 'exact',
});

export interface CompanyCurrencyValues {
  companyId: string;
  createdBy: string;
  code: string;
  exchangeRate: string;
  validFrom: string;
}
export type CompanyCurrencyPatch = Partial<Pick<CompanyCurrencyValues, 'exchangeRate' | 'validFrom'>>;
const PATCH_COLUMNS: Record<keyof CompanyCurrencyPatch, string> = COMPANY_CURRENCIES.columns([
  'exchangeRate',
  'validFrom',
]);

export async function companyCurrencyTaken(tx: Queryable, code: string): Promise<boolean> {
  const { rows } = await tx.query('SELECT 1 FROM company_currencies WHERE code = $1', [code]);
  return rows.length > 0;
}

export const companyCurrencyRepository = {
  async list(tx: Queryable, query: ListQuery<SortField>) {
    const where = 'WHERE ($1::text IS NULL OR code ILIKE $1)';
    return COMPANY_CURRENCIES.list(tx, query, { where, sortColumns: SORT_COLUMNS });
  },
  find: COMPANY_CURRENCIES.find,
  async insert(tx: Queryable, v: CompanyCurrencyValues): Promise<string> {
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO company_currencies (company_id, created_by, code, exchange_rate, valid_from)
       VALUES ($1, $2, $3, $4::numeric, $5::date) RETURNING id`,
      [v.companyId, v.createdBy, v.code, v.exchangeRate, v.validFrom],
    );
    return rows[0]!.id;
  },
  async update(tx: Queryable, id: string, patch: CompanyCurrencyPatch): Promise<void> {
    await updateVersioned(tx, 'company_currencies', id, patch, PATCH_COLUMNS);
  },
  remove: COMPANY_CURRENCIES.remove,
};

/** Adds the currency's current rate to its history, as set by `userId`. */
export async function recordCurrencyRate(tx: Queryable, currencyId: string, userId: string): Promise<void> {
  await tx.query(
    `INSERT INTO company_currency_rates (company_id, currency_id, exchange_rate, valid_from, set_by)
     SELECT company_id, id, exchange_rate, valid_from, $2 FROM company_currencies WHERE id = $1`,
    [currencyId, userId],
  );
}

/** Every rate the currency has had, oldest first, with who set it. */
export async function currencyRateHistory(tx: Queryable, currencyId: string): Promise<CompanyCurrencyRate[]> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT trim_scale(r.exchange_rate)::text AS exchange_rate, r.valid_from::text AS valid_from, r.set_by,
            u.name AS set_by_name, r.set_at
       FROM company_currency_rates r LEFT JOIN users u ON u.id = r.set_by
      WHERE r.currency_id = $1 ORDER BY r.id`,
    [currencyId],
  );
  return rows.map((r) => ({
    exchangeRate: r.exchange_rate as string,
    validFrom: r.valid_from as string,
    setBy: (r.set_by as string | null) ?? null,
    setByName: (r.set_by_name as string | null) ?? null,
    setAt: isoTimestamp(r.set_at),
  }));
}
