/**
 * SQL for `/products`: the products the caller's company has (row-level security on company_products).
 */
import type { Product } from '../../../../src/shared/contracts/product.ts';
import type { Queryable } from '../../../db/database.ts';
import { containsPattern, type ListQuery } from '../../../http/list-query.ts';
import { orderByClause } from '../../../http/list-sql-repository.ts';

export const PRODUCT_SORT_FIELDS = ['code', 'name'] as const;
export type ProductSortField = (typeof PRODUCT_SORT_FIELDS)[number];

const SORT_COLUMNS: Record<ProductSortField, string> = { code: 'p.code', name: 'p.name' };

export type ProductItem = Product;

const FROM = 'FROM company_products cp JOIN products p ON p.id = cp.product_id';

export async function listCompanyProducts(
  tx: Queryable,
  query: ListQuery<ProductSortField>,
): Promise<{ items: ProductItem[]; total: number }> {
  const where = query.search ? 'WHERE (p.code ILIKE $1 OR p.name ILIKE $1)' : 'WHERE $1::text IS NULL';
  const pattern = query.search ? containsPattern(query.search) : null;
  const count = await tx.query<{ n: number }>(`SELECT count(*)::int AS n ${FROM} ${where}`, [pattern]);
  const { rows } = await tx.query<ProductItem>(
    `SELECT p.id AS "_id", p.code, p.name ${FROM} ${where} ${orderByClause(query.sort, SORT_COLUMNS, 'p.id')} LIMIT $2 OFFSET $3`,
    [pattern, query.limit, query.offset],
  );
  return { items: rows, total: count.rows[0]?.n ?? 0 };
}

export async function findCompanyProduct(tx: Queryable, id: string): Promise<ProductItem | undefined> {
  const { rows } = await tx.query<ProductItem>(`SELECT p.id AS "_id", p.code, p.name ${FROM} WHERE p.id = $1`, [id]);
  return rows[0];
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
