/**
 * `/type` (docs/api.md section 11): the business types a contact can have (shipper, consignee, …). Every
 * company starts with the defaults of company provisioning; the code is unique in the company.
 *
 * A type that contacts have is not deleted: `409 RESOURCE_IN_USE` says how many contacts have it. The
 * delete is not turned into a deactivation behind the caller's back (a DELETE that answers 200 and leaves
 * the row would surprise every caller); deactivating is already there (`isActive: false`), keeps the type
 * on its contacts and hides it from new choices, and the message says so.
 */
import {
  businessTypeListQuery,
  businessTypeSchema,
  createBusinessTypeBody,
  updateBusinessTypeBody,
} from '../../../../src/shared/contracts/master-data.ts';
import { ERROR_CODES } from '../../../../src/shared/api-envelope.ts';
import { ApiError } from '../../../http/api-error.ts';
import { defineResource } from '../../../http/resource-kit.ts';
import { alreadyExists } from '../master-data-errors.ts';
import { businessTypeCodeTaken, businessTypeRepository, contactsWithBusinessType } from './business-type-repository.ts';

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
    beforeDelete: async ({ tx }, before) => {
      const contacts = await contactsWithBusinessType(tx, before._id);
      if (contacts > 0) {
        const who = contacts === 1 ? '1 contact has' : `${contacts} contacts have`;
        throw new ApiError(
          409,
          ERROR_CODES.RESOURCE_IN_USE,
          `${who} this business type: take it off them first, or deactivate the type instead`,
          { details: [{ path: 'contacts', message: `${who} this business type` }] },
        );
      }
    },
  },
});
