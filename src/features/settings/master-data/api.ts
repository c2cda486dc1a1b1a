/**
 * master's company-owned master data (docs/api.md section 11), declared once for the settings screens:
 * receiving locations, business types, picklist groups and options, company currencies.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api/api-client';
import { defineResource } from '../../../lib/resource-kit/define-resource';
import { isQueuedWrite } from '../../../lib/outbox/queued-write-error';
import { sendWrite } from '../../../lib/outbox/write';
import {
  BUSINESS_TYPE_SORT_FIELDS,
  COMPANY_CURRENCY_SORT_FIELDS,
  DROPDOWN_GROUP_SORT_FIELDS,
  DROPDOWN_OPTION_SORT_FIELDS,
  RECEIVING_LOCATION_SORT_FIELDS,
  businessTypeSchema,
  companyCurrencyHistoryAnswerSchema,
  companyCurrencySchema,
  createBusinessTypeBody,
  createCompanyCurrencyBody,
  createDropdownBody,
  createDropdownGroupBody,
  createReceivingLocationBody,
  updateBusinessTypeBody,
  updateCompanyCurrencyBody,
  updateDropdownBody,
  updateDropdownGroupBody,
  updateReceivingLocationBody,
  dropdownGroupSchema,
  dropdownItemSchema,
  receivingLocationSchema,
  reorderDropdownAnswerSchema,
  type DropdownItem,
  type ReorderDropdownInput,
} from '../../../shared/contracts/master-data';
import { masterT } from './strings';

export const businessTypesResource = defineResource({
  name: 'business-types',
  service: 'master',
  path: '/type',
  item: businessTypeSchema,
  sortable: BUSINESS_TYPE_SORT_FIELDS,
  create: createBusinessTypeBody,
  update: updateBusinessTypeBody,
});

export const receivingLocationsResource = defineResource({
  name: 'receiving-locations',
  service: 'master',
  path: '/receivinglocation',
  item: receivingLocationSchema,
  sortable: RECEIVING_LOCATION_SORT_FIELDS,
  create: createReceivingLocationBody,
  update: updateReceivingLocationBody,
});

export const companyCurrenciesResource = defineResource({
  name: 'company-currencies',
  service: 'master',
  path: '/company-currency',
  item: companyCurrencySchema,
  sortable: COMPANY_CURRENCY_SORT_FIELDS,
  create: createCompanyCurrencyBody,
  update: updateCompanyCurrencyBody,
});

export const dropdownGroupsResource = defineResource({
  name: 'dropdown-groups',
  service: 'master',
  path: '/dropdown-groups',
  item: dropdownGroupSchema,
  sortable: DROPDOWN_GROUP_SORT_FIELDS,
  create: createDropdownGroupBody,
  update: updateDropdownGroupBody,
});

export const dropdownOptionsResource = defineResource({
  name: 'dropdown-options',
  service: 'master',
  path: '/dropdown',
  item: dropdownItemSchema,
  sortable: DROPDOWN_OPTION_SORT_FIELDS,
  create: createDropdownBody,
  update: updateDropdownBody,
});

/** Every rate a company currency has had, oldest first. */
export function useCurrencyHistory(id: string | undefined) {
  return useQuery({
    queryKey: [companyCurrenciesResource.name, 'history', id],
    queryFn: () =>
      apiCall('master', `/company-currency/${encodeURIComponent(id!)}/history`, companyCurrencyHistoryAnswerSchema),
    enabled: Boolean(id),
  });
}

/**
 * `POST /dropdown/reorder`: a group's options in their new order; the list shows it at once. Through the
 * outbox (issue 24): offline, the cached lists take the new order and it is sent when the connection is
 * back. The reorders of one group share a key, so they are sent in the order they were made.
 */
export function useReorderOptions() {
  const client = useQueryClient();
  return useMutation({
    // Offline too: the outbox decides (Query would hold the mutation until the browser is online).
    networkMode: 'always',
    mutationFn: async ({
      groupLabel,
      ...body
    }: ReorderDropdownInput & { groupLabel: string }): Promise<{ queued: boolean }> => {
      try {
        await sendWrite(
          {
            service: 'master',
            path: '/dropdown/reorder',
            method: 'POST',
            body: { ...body },
            resource: dropdownOptionsResource.name,
            recordId: `order:${body.module}:${body.group}`,
            label: masterT('pl.outboxLabel', { group: groupLabel }),
          },
          reorderDropdownAnswerSchema,
        );
        return { queued: false };
      } catch (error) {
        if (!isQueuedWrite(error)) throw error;
        reorderCachedOptions(client, body);
        return { queued: true };
      }
    },
    onSettled: (answer) => {
      // Queued: the server still has the old order; fetching it now would undo what the user sees.
      if (!answer?.queued) void client.invalidateQueries({ queryKey: dropdownOptionsResource.keys.all });
    },
  });
}

/** The cached option lists of the group, in the order of `ids` (their `sortOrder` renumbered from 1). */
function reorderCachedOptions(client: QueryClient, { module, group, ids }: ReorderDropdownInput): void {
  const position = new Map(ids.map((id, index) => [id, index]));
  for (const [key, data] of client.getQueriesData<DropdownItem[]>({ queryKey: dropdownOptionsResource.keys.all })) {
    if (!Array.isArray(data) || !data.some((o) => o.module === module && o.group === group)) continue;
    const ordered = [...data]
      .sort((a, b) => (position.get(a._id) ?? Infinity) - (position.get(b._id) ?? Infinity))
      .map((option, index) => (position.has(option._id) ? { ...option, sortOrder: index + 1 } : option));
    client.setQueryData(key, ordered);
  }
}
