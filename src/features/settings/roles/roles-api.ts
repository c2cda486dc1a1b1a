import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api/api-client';
import { defineResource } from '../../../lib/resource-kit/define-resource';
import { newIdempotencyKey } from '../../../lib/ui/idempotency-key';
import {
  ROLE_SORT_FIELDS,
  moveUsersAnswerSchema,
  permissionCatalogueSchema,
  roleSchema,
  createRoleBody,
  updateRoleBody,
} from '../../../shared/contracts/roles';

export const rolesResource = defineResource({
  name: 'roles',
  service: 'iamserver',
  path: '/roles',
  item: roleSchema,
  sortable: ROLE_SORT_FIELDS,
  create: createRoleBody,
  update: updateRoleBody,
});

export function usePermissionCatalogue() {
  return useQuery({
    queryKey: ['roles', 'catalogue'],
    queryFn: () => apiCall('iamserver', '/roles/permission-catalogue', permissionCatalogueSchema),
    staleTime: Infinity,
  });
}

export function moveRoleUsers(fromRoleId: string, toRoleId: string) {
  return apiCall('iamserver', `/roles/${encodeURIComponent(fromRoleId)}/move-users`, moveUsersAnswerSchema, {
    method: 'POST',
    body: JSON.stringify({ roleId: toRoleId }),
    headers: { 'Idempotency-Key': newIdempotencyKey() },
  });
}
