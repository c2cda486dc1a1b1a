/**
 * contactserver's calls (docs/api.md section 13) for the contacts screen: the contacts (listed through
 * `POST /contacts/paginate`, with the filters in the body), their tags, the company's business types
 * (master data) and the duplicate check.
 */
import { useQuery } from '@tanstack/react-query';
import { apiCall, apiList } from '../../lib/api/api-client';
import { fetchAllPages } from '../../lib/api/fetch-all-pages';
import { defineResource } from '../../lib/resource-kit/define-resource';
import type { ListSource } from '../../lib/resource-kit/resource-list';
import {
  CONTACT_SORT_FIELDS,
  CONTACT_TAG_SORT_FIELDS,
  contactDuplicatesAnswerSchema,
  contactSchema,
  contactTagSchema,
  createContactBody,
  createContactTagBody,
  updateContactBody,
  updateContactTagBody,
  type Contact,
} from '../../shared/contracts/contacts';
import { businessTypeSchema } from '../../shared/contracts/master-data';

export const contactsResource = defineResource({
  name: 'contacts',
  service: 'contactserver',
  path: '/contacts',
  item: contactSchema,
  sortable: CONTACT_SORT_FIELDS,
  create: createContactBody,
  update: updateContactBody,
});

export const contactTagsResource = defineResource({
  name: 'contact-tags',
  service: 'contactserver',
  path: '/contact-tags',
  item: contactTagSchema,
  sortable: CONTACT_TAG_SORT_FIELDS,
  create: createContactTagBody,
  update: updateContactTagBody,
});

export interface ContactFilters {
  typeId: string;
  tagId: string;
  country: string;
}

/** The screen's filters as `POST /contacts/paginate` takes them (the list and the CSV export). */
export function filtersBody(filters: ContactFilters) {
  return {
    ...(filters.typeId ? { typeIds: [filters.typeId] } : {}),
    ...(filters.tagId ? { tagIds: [filters.tagId] } : {}),
    ...(filters.country ? { country: filters.country } : {}),
  };
}

/** The list of the screen: `POST /contacts/paginate` with the URL's paging, search and sort and the filters. */
export function contactListSource(filters: ContactFilters): ListSource<Contact> {
  const body = filtersBody(filters);
  return {
    sortable: CONTACT_SORT_FIELDS,
    keys: { list: (state) => [...contactsResource.keys.lists, state, body] },
    fetchPage: (state, signal) =>
      apiList('contactserver', '/contacts/paginate', contactSchema, {
        method: 'POST',
        body: JSON.stringify({
          page: state.page,
          limit: state.limit,
          ...(state.search ? { search: state.search } : {}),
          ...(state.sort ? { sort: state.sort } : {}),
          filters: body,
        }),
        ...(signal ? { signal } : {}),
      }),
  };
}

/** Every tag of the company, by name (the filter and the form offer them all, however many). */
export function useContactTags() {
  return useQuery({
    queryKey: [...contactTagsResource.keys.lists, 'all'],
    queryFn: ({ signal }) => fetchAllPages('contactserver', '/contact-tags?sort=name', contactTagSchema, { signal }),
  });
}

/** The company's business types (master data's `/type`), by name. */
export function useBusinessTypes() {
  return useQuery({
    queryKey: ['contacts', 'business-types'],
    queryFn: ({ signal }) => fetchAllPages('master', '/type?sort=name', businessTypeSchema, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Contacts of the same name or tax id (the form warns before saving). */
export function findDuplicates(probe: { name: string; taxId: string; exceptId?: string | undefined }) {
  const params = new URLSearchParams();
  if (probe.name.trim()) params.set('name', probe.name.trim());
  if (probe.taxId.trim()) params.set('taxId', probe.taxId.trim());
  if (probe.exceptId) params.set('exceptId', probe.exceptId);
  return apiCall('contactserver', `/contacts/duplicates?${params.toString()}`, contactDuplicatesAnswerSchema);
}
