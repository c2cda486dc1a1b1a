import type { ListMeta } from '../../shared/api-envelope';

/** One page of a list (docs/api.md section 7), as `apiList` answers it. */
export interface ListPage<T> {
  items: T[];
  meta: ListMeta;
}
