/**
 * `/templates` (docs/api.md section 12): the company's mail templates. The body is stored sanitized (what
 * is saved is what is sent), merge fields are checked against the type, and exactly one template per
 * type is the default: making one the default unsets the other in the same transaction, and the default
 * can be neither unset nor deleted (another one is made default instead). The sign-in types also need
 * `templates` (sign-in-templates.ts), and each change to one is told to the company's administrators.
 */
import { ERROR_CODES } from '../../../../src/shared/api-envelope.ts';
import {
  createTemplateBody,
  mailTemplateSchema,
  templateListQuery,
  updateTemplateBody,
} from '../../../../src/shared/contracts/mail-templates.ts';
import { ApiError } from '../../../http/api-error.ts';
import { defineResource } from '../../../http/resource-kit.ts';
import { invalidField } from '../../master/master-data-errors.ts';
import { clearDefault, templateRepository } from './template-repository.ts';
import { checkTemplate } from './template-render.ts';
import { assertTemplateTypeAllowed, noticeSignInTemplateChange } from './sign-in-templates.ts';

export const templateResource = defineResource({
  path: '/templates',
  entity: 'mailTemplate',
  label: 'Template',
  permission: 'mail',
  tag: 'templates',
  schemas: {
    item: mailTemplateSchema,
    listQuery: templateListQuery,
    create: createTemplateBody,
    update: updateTemplateBody,
  },
  defaultSort: { field: 'type', descending: false },
  repository: templateRepository,
  hooks: {
    beforeCreate: async ({ tx, companyId, auth }, body) => {
      assertTemplateTypeAllowed(auth, body.type, 'create');
      const clean = checkTemplate(body.type, body.subject, body.body);
      if (body.isDefault) await clearDefault(tx, body.type);
      return { ...body, body: clean, companyId, createdBy: auth.userId };
    },
    afterCreate: async ({ tx, companyId, auth }, id) => {
      const created = await templateRepository.find(tx, id);
      if (created) await noticeSignInTemplateChange(tx, { companyId, auth, template: created, change: 'created' });
    },
    beforeUpdate: async ({ tx, auth }, before, patch) => {
      assertTemplateTypeAllowed(auth, before.type, 'update');
      if (patch.isDefault === false && before.isDefault)
        throw invalidField('isDefault', 'make another template of this type the default instead');
      const clean = checkTemplate(before.type, patch.subject ?? before.subject, patch.body ?? before.body);
      if (patch.isDefault && !before.isDefault) await clearDefault(tx, before.type, before._id);
      return { ...patch, ...(patch.body === undefined ? {} : { body: clean }) };
    },
    afterUpdate: async ({ tx, companyId, auth }, _before, after) => {
      await noticeSignInTemplateChange(tx, { companyId, auth, template: after, change: 'changed' });
    },
    beforeDelete: async ({ tx, companyId, auth }, before) => {
      assertTemplateTypeAllowed(auth, before.type, 'delete');
      if (before.isDefault)
        throw new ApiError(
          409,
          ERROR_CODES.RESOURCE_IN_USE,
          "The product's own mail of this type uses this template: make another one the default first",
        );
      await noticeSignInTemplateChange(tx, { companyId, auth, template: before, change: 'deleted' });
    },
  },
});
