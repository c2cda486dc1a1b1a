/**
 * `/type` (CONTRACT.md section 11): the business types a contact can have (shipper, consignee, …). Every
 * company starts with the defaults of company provisioning; the code is unique in the company.
 */
import {
  businessTypeListQuery,
  businessTypeSchema,
  createBusinessTypeBody,
  updateBusinessTypeBody,
} from '../../../../src/shared/contracts/master-data.ts';
import { defineResource } from '../../../http/resource-kit.ts';
import { alreadyExists } from '../master-data-errors.ts';
import { businessTypeCodeTaken, businessTypeRepository } from './business-type-repository.ts';

export const businessTypeResource = defineResource({
  path: '/type',
  entity: 'businessType',
  label: 'Business type',
  permission: 'masterData',
  tag: 'masterData',
  schemas: {
    item: businessTypeSchema,
    listQuery: businessTypeListQuery,
    create: createBusinessTypeBody,
    update: updateBusinessTypeBody,
  },
  defaultSort: { field: 'name', descending: false },
  repository: businessTypeRepository,
  hooks: {
    beforeCreate: async ({ tx, companyId, auth }, body) => {
      if (await businessTypeCodeTaken(tx, body.code)) throw alreadyExists('code', 'A business type code');
      return { ...body, companyId, createdBy: auth.userId };
    },
    beforeUpdate: async ({ tx }, before, patch) => {
      if (patch.code !== undefined && (await businessTypeCodeTaken(tx, patch.code, before._id)))
        throw alreadyExists('code', 'A business type code');
      return patch;
    },
  },
});
