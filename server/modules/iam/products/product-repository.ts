/**
 * SQL for `/products`: the products the caller's company has (row-level security on company_products).
 */
import type { Product } from '../../../../src/shared/contracts/product.ts';
import type { Queryable } from '../../../db/database.ts';
import { containsPattern, type ListQuery } from '../../../http/list-query.ts';
import { findById, orderByClause, selectPage } from '../../../http/list-sql-repository.ts';

export const PRODUCT_SORT_FIELDS = ['code', 'name'] as const;
export type ProductSortField = (typeof PRODUCT_SORT_FIELDS)[number];

const SORT_COLUMNS: Record<ProductSortField, string> = { code: 'p.code', name: 'p.name' };

export type ProductItem = Product;

const FROM = 'company_products cp JOIN products p ON p.id = cp.product_id';
const SELECT = `SELECT p.id AS "_id", p.code, p.name FROM ${FROM}`;

/** The select names its columns as the contract does: a row is the item. */
const asItem = (row: ProductItem): ProductItem => row;

export async function listCompanyProducts(
  tx: Queryable,
  query: ListQuery<ProductSortField>,
): Promise<{ items: ProductItem[]; total: number }> {
  const where = query.search ? 'WHERE (p.code ILIKE $1 OR p.name ILIKE $1)' : 'WHERE $1::text IS NULL';
  const pattern = query.search ? containsPattern(query.search) : null;
  const orderBy = orderByClause(query.sort, SORT_COLUMNS, 'p.id');
  return selectPage(tx, { select: SELECT, countFrom: FROM, where, params: [pattern], orderBy }, query, asItem);
}

export async function findCompanyProduct(tx: Queryable, id: string): Promise<ProductItem | undefined> {
  return findById(tx, SELECT, id, asItem, { alias: 'p' });
}

/** Adds the products of the catalog that are missing (system transaction); existing ones stay as they are. */
export async function ensureProducts(
  tx: Queryable,
  catalog: ReadonlyArray<{ code: string; name: string }>,
): Promise<void> {
  await tx.query(
    `INSERT INTO products (code, name) SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT (code) DO NOTHING`,
    [catalog.map((p) => p.code), catalog.map((p) => p.name)],
  );
}

/** Gives a company every product there is (system transaction). */
export async function grantAllProducts(tx: Queryable, companyId: string): Promise<void> {
  await tx.query('INSERT INTO company_products (company_id, product_id) SELECT $1, id FROM products', [companyId]);
}
