/**
 * `/iamserver/api/v1/roles` (docs/api.md sections 7 and 12): the company's roles and their permissions
 * (`{ <module>: [<action>] }`, modules and actions of `src/shared/permissions.ts`).
 */
import { z } from 'zod';
import { PERMISSION_ACTIONS, PERMISSION_MODULES } from '../permissions.ts';
import { listQuerySchema, versionInput } from './resource-contract.ts';

export const ROLE_SORT_FIELDS = ['name', 'createdAt', 'updatedAt'] as const;
export type RoleSortField = (typeof ROLE_SORT_FIELDS)[number];

export const permissionsSchema = z.partialRecord(
  z.enum(PERMISSION_MODULES),
  z.array(z.enum(PERMISSION_ACTIONS)).max(PERMISSION_ACTIONS.length * 2),
);

export const roleSchema = z.object({
  _id: z.string(),
  version: z.number().int(),
  companyId: z.string(),
  name: z.string(),
  description: z.string(),
  permissions: z.record(z.string(), z.array(z.string())),
  /** A role every company starts with; it cannot be deleted. */
  isSystem: z.boolean(),
  /** Users of the company holding the role. */
  userCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Role = z.infer<typeof roleSchema>;

/** A role's name and description as the server takes them; the role forms reuse them for their limits. */
export const roleName = z.string().trim().min(1).max(100);
export const roleDescription = z.string().trim().max(1000);

export const createRoleBody = z.strictObject({
  name: roleName,
  description: roleDescription.default(''),
  permissions: permissionsSchema.default({}),
});
export type CreateRoleInput = z.input<typeof createRoleBody>;

export const updateRoleBody = z.strictObject({
  version: versionInput.optional(),
  name: roleName.optional(),
  description: roleDescription.optional(),
  permissions: permissionsSchema.optional(),
});
export type UpdateRoleInput = z.input<typeof updateRoleBody>;

export const roleListQuery = listQuerySchema(ROLE_SORT_FIELDS);
export type RoleListQuery = z.input<typeof roleListQuery>;

/** `GET /roles/permission-catalogue`: every resource the product knows and the actions it takes. */
export const permissionCatalogueEntrySchema = z.object({
  resource: z.enum(PERMISSION_MODULES),
  actions: z.array(z.enum(PERMISSION_ACTIONS)),
});
export const permissionCatalogueSchema = z.array(permissionCatalogueEntrySchema);
export type PermissionCatalogue = z.infer<typeof permissionCatalogueSchema>;

/** `POST /roles/{id}/move-users`: everyone holding the role gets `roleId` instead (before the role is deleted). */
export const moveUsersBody = z.strictObject({ roleId: z.uuid() });
export const moveUsersAnswerSchema = z.object({ moved: z.number().int() });
