/**
 * `/receivinglocation` (docs/api.md section 11): where the company receives cargo. The code is unique in
 * the company (case-insensitive) and the country is one of the shipped ISO 3166-1 list; the UN/LOCODE,
 * when given, is checked for its format only.
 */
import {
  createReceivingLocationBody,
  receivingLocationListQuery,
  receivingLocationSchema,
  updateReceivingLocationBody,
} from '../../../../src/shared/contracts/master-data.ts';
import { defineResource } from '../../../http/resource-kit.ts';
import { alreadyExists, assertKnownCountry } from '../master-data-errors.ts';
import { receivingLocationCodeTaken, receivingLocationRepository } from './receiving-location-repository.ts';

export const receivingLocationResource = defineResource({
  path: '/receivinglocation',
  entity: 'receivingLocation',
  label: 'Receiving location',
  permission: 'masterData',
  tag: 'masterData',
  schemas: {
    item: receivingLocationSchema,
    listQuery: receivingLocationListQuery,
    create: createReceivingLocationBody,
    update: updateReceivingLocationBody,
  },
  defaultSort: { field: 'name', descending: false },
  repository: receivingLocationRepository,
  hooks: {
    beforeCreate: async ({ tx, companyId, auth }, body) => {
      assertKnownCountry('country', body.country);
      if (await receivingLocationCodeTaken(tx, body.code)) throw alreadyExists('code', 'A receiving location code');
      return { ...body, companyId, createdBy: auth.userId };
    },
    beforeUpdate: async ({ tx }, before, patch) => {
      assertKnownCountry('country', patch.country);
      if (patch.code !== undefined && (await receivingLocationCodeTaken(tx, patch.code, before._id)))
        throw alreadyExists('code', 'A receiving location code');
      return patch;
    },
  },
});
