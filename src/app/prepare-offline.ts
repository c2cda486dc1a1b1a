/**
 * "Prepare for offline" (issue 12): fetches, into the persisted query cache, the reference data and the
 * lists a user works from (the ones the user's role may read), so that every screen opens offline with data
 * even when it was not visited, and the sections of the open shipments most likely opened. One step per
 * list, for the progress bar.
 */
import type { QueryClient } from '@tanstack/react-query';
import { contactListSource, contactTagsResource, contactsResource } from '../features/contacts/api';
import { reportsResource } from '../features/reports/api';
import { keepOpenShipments } from '../features/shipments/api';
import { keepShipmentDetails } from '../features/shipments/offline-details';
import {
  businessTypesResource,
  companyCurrenciesResource,
  dropdownGroupsResource,
  dropdownOptionsResource,
  receivingLocationsResource,
} from '../features/settings/master-data/api';
import { rolesResource } from '../features/settings/roles/roles-api';
import { templatesResource } from '../features/settings/templates/api';
import { usersResource } from '../features/settings/users/api/users-resource';
import type { CurrentUser } from '../shared/contracts/session';
import type { Shipment } from '../shared/contracts/shipments';
import { contactPickerQuery } from '../lib/pickers/contact-picker';
import { placeListQueries } from '../lib/pickers/place-lists';
import { loadReferenceData } from '../lib/reference-data/reference-data';
import { readListState } from '../lib/resource-kit/list-url-state';
import { userCan } from '../lib/resource-kit/permission-check';
import type { Resource } from '../lib/resource-kit/define-resource';

export interface OfflineStep {
  name: string;
  run: (client: QueryClient) => Promise<unknown>;
}

/** A resource's first page as its screen asks for it with an empty URL. */
function firstPage(resource: Resource): OfflineStep {
  const state = readListState(new URLSearchParams(), resource.sortable);
  return { name: resource.name, run: (client) => client.fetchQuery(resource.listQueryOptions(state)) };
}

export function offlineSteps(user: CurrentUser | null): OfflineStep[] {
  const can = (module: Parameters<typeof userCan>[1]) => userCan(user, module, 'read');
  const steps: OfflineStep[] = [
    { name: 'reference', run: (client) => loadReferenceData(client) },
    { name: 'oceanports', run: (client) => client.fetchQuery(placeListQueries.oceanport) },
    { name: 'airports', run: (client) => client.fetchQuery(placeListQueries.airport) },
  ];
  if (can('contacts')) {
    const source = contactListSource({ typeId: '', tagId: '', country: '' });
    const state = readListState(new URLSearchParams(), source.sortable);
    steps.push(
      {
        name: contactsResource.name,
        run: (client) =>
          client.fetchQuery({
            queryKey: source.keys.list(state),
            queryFn: ({ signal }) => source.fetchPage(state, signal),
          }),
      },
      firstPage(contactTagsResource as unknown as Resource),
    );
  }
  // The open shipments, fetched once for the two shipment steps.
  let openShipments: Promise<Shipment[]> | undefined;
  const keepOpen = (client: QueryClient) => (openShipments ??= keepOpenShipments(client));
  if (can('shipments')) {
    // The open shipments (not closed or cancelled) open offline, and their pickers name the contacts.
    steps.push({ name: 'shipments', run: keepOpen });
    if (can('contacts')) steps.push({ name: 'contact-names', run: (client) => client.fetchQuery(contactPickerQuery) });
  }
  if (can('masterData')) {
    for (const resource of [
      businessTypesResource,
      receivingLocationsResource,
      companyCurrenciesResource,
      dropdownGroupsResource,
      dropdownOptionsResource,
    ]) {
      steps.push(firstPage(resource as unknown as Resource));
    }
  }
  if (can('users')) steps.push(firstPage(usersResource as unknown as Resource));
  if (can('roles')) steps.push(firstPage(rolesResource as unknown as Resource));
  if (can('mail')) steps.push(firstPage(templatesResource as unknown as Resource));
  if (can('reports')) steps.push(firstPage(reportsResource as unknown as Resource));
  if (can('shipments')) {
    // Last, so that the open shipments have come by the time it starts: the milestones, documents and charges
    // of the shipments a field user most likely opens. Charges only for a role that may read them, the check
    // the screen's charges section makes; milestones and documents show to whoever sees the shipment.
    const charges = userCan(user, 'shipments', 'charges');
    steps.push({
      name: 'shipment-details',
      run: async (client) => keepShipmentDetails(client, await keepOpen(client), { charges }),
    });
  }
  return steps;
}

/** Runs every step, two at a time; resolves with how many succeeded. */
export async function prepareForOffline(
  client: QueryClient,
  user: CurrentUser | null,
  onProgress: (done: number, total: number) => void,
): Promise<{ done: number; failed: number; total: number }> {
  const steps = offlineSteps(user);
  let done = 0;
  let failed = 0;
  let next = 0;
  onProgress(0, steps.length);
  const worker = async () => {
    while (next < steps.length) {
      const step = steps[next++]!;
      try {
        await step.run(client);
        done++;
      } catch (error) {
        failed++;
        console.warn(`Prepare for offline: ${step.name} could not be loaded.`, error);
      }
      onProgress(done + failed, steps.length);
    }
  };
  await Promise.all([worker(), worker()]);
  return { done, failed, total: steps.length };
}
