/**
 * `/products` (read only): the products the caller's company subscribes to, served by the resource kit.
 */
import { productSchema } from '../../../../src/shared/contracts/product.ts';
import { listQuerySchema } from '../../../../src/shared/contracts/resource-contract.ts';
import { defineResource } from '../../../http/resource-kit.ts';
import { findCompanyProduct, listCompanyProducts, PRODUCT_SORT_FIELDS } from './product-repository.ts';

export const productResource = defineResource({
  path: '/products',
  entity: 'product',
  label: 'Product',
  permission: 'products',
  operations: ['list', 'read'],
  summaries: { list: 'List the company’s products', read: 'Read one of the company’s products' },
  schemas: { item: productSchema, listQuery: listQuerySchema(PRODUCT_SORT_FIELDS) },
  defaultSort: { field: 'code', descending: false },
  repository: { list: listCompanyProducts, find: findCompanyProduct },
});
