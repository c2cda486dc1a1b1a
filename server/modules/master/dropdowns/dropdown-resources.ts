/**
 * `/dropdown-groups` and `/dropdown` (docs/api.md section 11): the company's picklists. An option belongs
 * to a group of its module; a group holding options cannot be deleted, and renaming it carries them along.
 * Deactivating an option (`isActive: false`) takes it out of the session picklist and keeps it for the
 * records that hold its value.
 */
import { ERROR_CODES } from '../../../../src/shared/api-envelope.ts';
import {
  createDropdownBody,
  createDropdownGroupBody,
  dropdownGroupListQuery,
  dropdownGroupSchema,
  dropdownItemSchema,
  dropdownListQuery,
  updateDropdownBody,
  updateDropdownGroupBody,
} from '../../../../src/shared/contracts/master-data.ts';
import { ApiError } from '../../../http/api-error.ts';
import { defineResource } from '../../../http/resource-kit.ts';
import {
  countGroupOptions,
  dropdownGroupExists,
  dropdownGroupRepository,
  dropdownOptionRepository,
  dropdownValueTaken,
} from '../dropdown-repository.ts';
import { alreadyExists, invalidField } from '../master-data-errors.ts';

export const dropdownGroupResource = defineResource({
  path: '/dropdown-groups',
  entity: 'dropdownGroup',
  label: 'Picklist group',
  permission: 'masterData',
  tag: 'masterData',
  schemas: {
    item: dropdownGroupSchema,
    listQuery: dropdownGroupListQuery,
    create: createDropdownGroupBody,
    update: updateDropdownGroupBody,
  },
  defaultSort: { field: 'name', descending: false },
  repository: dropdownGroupRepository,
  hooks: {
    beforeCreate: async ({ tx, companyId }, body) => {
      if (await dropdownGroupExists(tx, body.module, body.name)) throw alreadyExists('name', 'This group');
      return { ...body, companyId };
    },
    beforeUpdate: async ({ tx }, before, patch) => {
      if (
        patch.name !== undefined &&
        patch.name !== before.name &&
        (await dropdownGroupExists(tx, before.module, patch.name))
      )
        throw alreadyExists('name', 'This group');
      return patch;
    },
    beforeDelete: async ({ tx }, before) => {
      if ((await countGroupOptions(tx, before.module, before.name)) > 0) {
        throw new ApiError(
          409,
          ERROR_CODES.RESOURCE_IN_USE,
          'The group still holds options; delete or move them first',
        );
      }
    },
  },
});

/** `/dropdown` without its list: `GET /dropdown` is served by the master-data module (two answers, one route). */
export const dropdownResource = defineResource({
  path: '/dropdown',
  entity: 'dropdown',
  label: 'Picklist option',
  permission: 'masterData',
  tag: 'masterData',
  operations: ['read', 'create', 'update', 'delete'],
  schemas: {
    item: dropdownItemSchema,
    listQuery: dropdownListQuery,
    create: createDropdownBody,
    update: updateDropdownBody,
  },
  defaultSort: { field: 'group', descending: false },
  repository: dropdownOptionRepository,
  hooks: {
    beforeCreate: async ({ tx, companyId }, body) => {
      if (!(await dropdownGroupExists(tx, body.module, body.group)))
        throw invalidField('group', 'no such group in this module; create it under /dropdown-groups first');
      if (await dropdownValueTaken(tx, body)) throw alreadyExists('value', 'This value');
      return { ...body, companyId };
    },
    beforeUpdate: async ({ tx }, before, patch) => {
      if (
        patch.value !== undefined &&
        (await dropdownValueTaken(tx, { module: before.module, group: before.group, value: patch.value }, before._id))
      )
        throw alreadyExists('value', 'This value');
      return patch;
    },
  },
});
