import { queryOptions, useQuery } from '@tanstack/react-query';
import { roleSchema } from '../../../../shared/contracts/roles';
import { apiList } from '../../../../lib/api/api-client';

/** The roles a user can be given: the company's roles by name (a company has a handful, well under 100). */
export const rolesForAssignmentQueryOptions = () =>
  queryOptions({
    queryKey: ['roles', 'list', 'assignment'],
    queryFn: ({ signal }) =>
      apiList('iamserver', '/roles?limit=100&sort=name', roleSchema.pick({ _id: true, name: true }), { signal }),
    select: (page) => page.items,
  });

export function useRolesForAssignment(enabled = true) {
  return useQuery({ ...rolesForAssignmentQueryOptions(), enabled });
}
