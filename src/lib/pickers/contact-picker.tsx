/**
 * A contact of the company by id (a shipment's customer, shipper, consignee…). The company's contacts are
 * read once, whole (`GET /contacts`, at most 5,000), into the persisted query cache, and searched on the
 * device with the place rule (src/shared/place-search.ts: case and accents ignored, name first), so the
 * picker works offline once the contacts were loaded (a screen visit or "Prepare for offline").
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { z } from 'zod';
import { buildPlaceIndex, searchPlaces, type PlaceKeys } from '../../shared/place-search';
import { fetchAllPages } from '../api/fetch-all-pages';
import { SearchCombobox, type SearchComboboxProps } from './search-combobox';

/** What the picker reads of a contact (the contacts contract holds more). */
const pickedContact = z.object({ _id: z.string(), name: z.string(), city: z.string(), country: z.string() });
export type PickedContact = z.infer<typeof pickedContact>;

/** Under the `contacts` root: a contact saved anywhere refreshes the picker's list too. */
export const contactPickerQuery = {
  queryKey: ['contacts', 'picker'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    fetchAllPages('contactserver', '/contacts?sort=name', pickedContact, { signal }),
  staleTime: 5 * 60_000,
};

export function useContactNames() {
  return useQuery(contactPickerQuery);
}

const contactKeys = (c: PickedContact): PlaceKeys => ({
  codes: [],
  name: c.name,
  words: [],
  other: [c.city],
  country: c.country,
});

type PickerProps = Omit<
  SearchComboboxProps<never>,
  'search' | 'find' | 'codeOf' | 'labelOf' | 'detailOf' | 'loading' | 'maxResults'
>;

export function ContactPicker(props: PickerProps) {
  const contacts = useContactNames();
  const rows = contacts.data;
  const { search, find } = useMemo(() => {
    const index = buildPlaceIndex(rows ?? [], contactKeys);
    const byId = new Map((rows ?? []).map((row) => [row._id, row]));
    return {
      search: (term: string) => searchPlaces(index, { search: term }),
      find: (id: string) => byId.get(id),
    };
  }, [rows]);
  return (
    <SearchCombobox<PickedContact>
      {...props}
      search={search}
      find={find}
      codeOf={(c) => c._id}
      labelOf={(c) => c.name}
      detailOf={(c) => [c.city, c.country].filter(Boolean).join(', ')}
      loading={contacts.isPending}
    />
  );
}
