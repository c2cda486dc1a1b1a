/**
 * master's company-owned master data (docs/api.md section 11), declared once for the settings screens:
 * receiving locations, business types, picklist groups and options, company currencies.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api/api-client';
import { defineResource } from '../../../lib/resource-kit/define-resource';
import { newIdempotencyKey } from '../../../lib/ui/idempotency-key';
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
  type ReorderDropdownInput,
} from '../../../shared/contracts/master-data';

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

/** `POST /dropdown/reorder`: a group's options in their new order; the list shows it at once. */
export function useReorderOptions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReorderDropdownInput) =>
      apiCall('master', '/dropdown/reorder', reorderDropdownAnswerSchema, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'Idempotency-Key': newIdempotencyKey() },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: dropdownOptionsResource.keys.all }),
  });
}
