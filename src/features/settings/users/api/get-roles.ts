import { queryOptions, useQuery } from '@tanstack/react-query';
import { roleSchema } from '../../../../shared/contracts/roles';
import { fetchAllPages } from '../../../../lib/api/fetch-all-pages';

/** The roles a user can be given: every role of the company, by name. */
export const rolesForAssignmentQueryOptions = () =>
  queryOptions({
    queryKey: ['roles', 'list', 'assignment', 'all'],
    queryFn: ({ signal }) =>
      fetchAllPages('iamserver', '/roles?sort=name', roleSchema.pick({ _id: true, name: true }), { signal }),
  });

export function useRolesForAssignment(enabled = true) {
  return useQuery({ ...rolesForAssignmentQueryOptions(), enabled });
}
