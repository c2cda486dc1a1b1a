/**
 * contactserver's resources on the kit: `/contact-tags` (a name unique in the company, a colour) and
 * `/contacts` (business types of master data and tags of the company, checked by id; an ISO country).
 */
import {
  contactListQuery,
  contactSchema,
  contactTagListQuery,
  contactTagSchema,
  createContactBody,
  createContactTagBody,
  updateContactBody,
  updateContactTagBody,
} from '../../../src/shared/contracts/contacts.ts';
import type { Queryable } from '../../db/database.ts';
import { defineResource } from '../../http/resource-kit.ts';
import { alreadyExists, assertKnownCountry, invalidField } from '../master/master-data-errors.ts';
import { contactRepository, unknownTypeIds } from './contact-repository.ts';
import { renameCustomerInSearch } from '../shipments/shipment-repository.ts';
import { contactTagNameTaken, contactTagRepository, unknownTagIds } from './contact-tag-repository.ts';

export const contactTagResource = defineResource({
  path: '/contact-tags',
  entity: 'contactTag',
  label: 'Tag',
  permission: 'contacts',
  tag: 'contacts',
  schemas: {
    item: contactTagSchema,
    listQuery: contactTagListQuery,
    create: createContactTagBody,
    update: updateContactTagBody,
  },
  defaultSort: { field: 'name', descending: false },
  repository: contactTagRepository,
  hooks: {
    beforeCreate: async ({ tx, companyId, auth }, body) => {
      if (await contactTagNameTaken(tx, body.name)) throw alreadyExists('name', 'A tag of this name');
      return { ...body, companyId, createdBy: auth.userId };
    },
    beforeUpdate: async ({ tx }, before, patch) => {
      if (patch.name !== undefined && (await contactTagNameTaken(tx, patch.name, before._id)))
        throw alreadyExists('name', 'A tag of this name');
      return patch;
    },
  },
});

/** 400 naming the field when a type or tag id is not the company's own (another company's is unknown too). */
async function assertOwnIds(tx: Queryable, body: { typeIds?: string[] | undefined; tagIds?: string[] | undefined }) {
  if (body.typeIds && (await unknownTypeIds(tx, body.typeIds)).length > 0)
    throw invalidField('typeIds', 'holds an id that is not a business type of this company');
  if (body.tagIds && (await unknownTagIds(tx, body.tagIds)).length > 0)
    throw invalidField('tagIds', 'holds an id that is not a tag of this company');
}

const unique = (ids: string[] | undefined) => (ids ? [...new Set(ids)] : undefined);

export const contactResource = defineResource({
  path: '/contacts',
  entity: 'contact',
  label: 'Contact',
  permission: 'contacts',
  tag: 'contacts',
  schemas: {
    item: contactSchema,
    listQuery: contactListQuery,
    create: createContactBody,
    update: updateContactBody,
  },
  defaultSort: { field: 'name', descending: false },
  repository: contactRepository,
  hooks: {
    beforeCreate: async ({ tx, companyId, auth }, body) => {
      if (body.country) assertKnownCountry('country', body.country);
      await assertOwnIds(tx, body);
      return {
        ...body,
        typeIds: unique(body.typeIds)!,
        tagIds: unique(body.tagIds)!,
        companyId,
        createdBy: auth.userId,
      };
    },
    beforeUpdate: async ({ tx }, _before, patch) => {
      if (patch.country) assertKnownCountry('country', patch.country);
      await assertOwnIds(tx, patch);
      return {
        ...patch,
        ...(patch.typeIds ? { typeIds: unique(patch.typeIds) } : {}),
        ...(patch.tagIds ? { tagIds: unique(patch.tagIds) } : {}),
      };
    },
    // The shipments' search matches the customer's name as it is now (docs/shipments.md).
    afterUpdate: async ({ tx }, before, after) => {
      if (after.name !== before.name) await renameCustomerInSearch(tx, after._id, after.name);
    },
  },
});
