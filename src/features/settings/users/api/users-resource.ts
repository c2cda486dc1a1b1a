/**
 * The users resource (`/iamserver/api/v1/users`) declared once for every users screen: list, one user,
 * invite, update. Its wire shapes come from src/shared/contracts/users.ts, the server's own schemas.
 */
import { USER_SORT_FIELDS, createUserBody, updateUserBody, userSchema } from '../../../../shared/contracts/users';
import { defineResource } from '../../../../lib/resource-kit/define-resource';

export const usersResource = defineResource({
  name: 'users',
  service: 'iamserver',
  path: '/users',
  item: userSchema,
  sortable: USER_SORT_FIELDS,
  create: createUserBody,
  update: updateUserBody,
});
