import { Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useWatch, type Control } from 'react-hook-form';
import { useDebouncedValue } from '../../lib/resource-kit/use-debounced-value';
import type { CreateContactInput } from '../../shared/contracts/contacts';
import { contactsResource, findDuplicates } from './api';
import { useContactsT } from './strings';

/** "A contact named … already exists": asked of the server a moment after the name or tax id changes. */
export function DuplicateWarning({
  control,
  exceptId,
}: {
  control: Control<CreateContactInput, unknown, never> | Control<CreateContactInput>;
  exceptId: string | undefined;
}) {
  const t = useContactsT();
  const [name, taxId] = useWatch({ control: control as Control<CreateContactInput>, name: ['name', 'taxId'] });
  const probe = useDebouncedValue({ name: String(name ?? '').trim(), taxId: String(taxId ?? '').trim() }, 400);
  const found =
    useQuery({
      queryKey: [...contactsResource.keys.all, 'duplicates', probe, exceptId],
      queryFn: () => findDuplicates({ ...probe, exceptId }),
      enabled: Boolean(probe.name || probe.taxId),
      retry: false,
    }).data ?? [];
  if (found.length === 0) return null;
  return (
    <Stack gap={1} role="status">
      {found.map((dup) => (
        <Text key={`${dup._id}-${dup.on}`} textStyle="sm" color="fg.warning">
          {dup.on === 'name'
            ? t('duplicateName', { name: dup.name })
            : t('duplicateTax', { name: dup.name, taxId: dup.taxId })}
        </Text>
      ))}
    </Stack>
  );
}
