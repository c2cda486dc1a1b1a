/**
 * What the company's own iam resources (users, roles, groups, the company) share besides their schemas:
 * one entity name, one permission module, and the paths, labels and list order that follow from them.
 */
import type { PermissionModule } from '../../../src/shared/permissions.ts';

/**
 * The names of an iam resource: served at `/<permission>` (or `path`), audited as `<entity>.create|update|delete`,
 * called `<Entity>` in messages ("User not found"), and listed by name when the caller names no sort.
 */
export function iamResourceNames(entity: string, permission: PermissionModule, path = `/${permission}`) {
  return {
    path,
    entity,
    label: `${entity.charAt(0).toUpperCase()}${entity.slice(1)}`,
    permission,
    defaultSort: { field: 'name', descending: false },
  };
}
