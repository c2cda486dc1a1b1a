/**
 * `/products` (read only): the products the caller's company subscribes to.
 */
import { productSchema } from '../../../../src/shared/contracts/product.ts';
import { notFound } from '../../../http/api-error.ts';
import { assertPermission, requireAuthContext } from '../../../http/auth-context.ts';
import type { App, ServiceDeps } from '../../../http/build-service-app.ts';
import { runRead } from '../../../http/idempotency.ts';
import {
  idParams,
  itemResponse,
  listMeta,
  listQuerySchema,
  listResponse,
  toListQuery,
} from '../../../http/list-query.ts';
import { findCompanyProduct, listCompanyProducts, PRODUCT_SORT_FIELDS } from './product-repository.ts';

export function registerProductRoutes(app: App, deps: ServiceDeps): void {
  app.get(
    '/products',
    {
      schema: {
        summary: 'List the company’s products',
        tags: ['products'],
        querystring: listQuerySchema(PRODUCT_SORT_FIELDS),
        response: { 200: listResponse(productSchema) },
      },
    },
    async (req) => {
      assertPermission(requireAuthContext(req), 'products', 'read');
      const query = toListQuery(req.query, { field: 'code', descending: false });
      const { items, total } = await runRead(deps, req, {}, (tx) => listCompanyProducts(tx, query));
      return { data: items, meta: listMeta(total, query) };
    },
  );

  app.get(
    '/products/:id',
    {
      schema: {
        summary: 'Read one of the company’s products',
        tags: ['products'],
        params: idParams,
        response: { 200: itemResponse(productSchema) },
      },
    },
    async (req) => {
      assertPermission(requireAuthContext(req), 'products', 'read');
      const product = await runRead(deps, req, {}, (tx) => findCompanyProduct(tx, req.params.id));
      if (!product) throw notFound('Product');
      return { data: product };
    },
  );
}
