import { Button, Flex, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import type { z } from 'zod';
import { CountryPicker, flagOf, OceanPortPicker, PickerField } from '../../../lib/pickers';
import { FormField, TextInput } from '../../../lib/resource-kit/form-field';
import { Can, RequirePermission } from '../../../lib/resource-kit/permission-gate';
import { ResourceList } from '../../../lib/resource-kit/resource-list';
import type { ResourceColumns } from '../../../lib/resource-kit/resource-table';
import {
  createReceivingLocationBody,
  type CreateReceivingLocationInput,
  type ReceivingLocation,
} from '../../../shared/contracts/master-data';
import { receivingLocationsResource } from './api';
import { ActivePill, CheckboxField, ScreenHeader } from './fields';
import { RecordDialog } from '../../../lib/resource-kit/record-dialog';
import { OpenRecordButton } from '../../../lib/resource-kit/open-record-button';
import { masterT, useMasterT } from './strings';

const column = createColumnHelper<ReceivingLocation>();
const FIELDS = [
  'name',
  'code',
  'address',
  'city',
  'country',
  'locode',
  'contactName',
  'phone',
  'email',
  'isActive',
] as const;
const nullIfEmpty = (value: string | null | undefined) => (value ? value : null);

/** /settings/receiving-locations: the company's warehouses and terminals, with country and seaport pickers. */
export function ReceivingLocationsScreen() {
  return (
    <RequirePermission module="masterData" action="read">
      <ReceivingLocations />
    </RequirePermission>
  );
}

function ReceivingLocations() {
  const t = useMasterT();
  const client = useQueryClient();
  const [open, setOpen] = useState<ReceivingLocation | 'new' | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: receivingLocationsResource.keys.all });
  const columns: ResourceColumns<ReceivingLocation> = [
    column.accessor('name', {
      header: () => masterT('name'),
      meta: { sortField: 'name', width: 'minmax(10rem, 2fr)' },
      // Every role that reads the list opens the record: the dialog offers only what the role may do.
      cell: (info) => <OpenRecordButton onOpen={() => setOpen(info.row.original)}>{info.getValue()}</OpenRecordButton>,
    }),
    column.accessor('code', { header: () => masterT('code'), meta: { sortField: 'code', width: '8rem' } }),
    column.accessor('city', {
      header: () => masterT('rl.city'),
      meta: { sortField: 'city', width: 'minmax(8rem, 1fr)' },
    }),
    column.accessor('country', {
      header: () => masterT('rl.country'),
      meta: { sortField: 'country', width: '7rem' },
      cell: (info) => (
        <Text as="span">
          <span aria-hidden="true">{flagOf(info.getValue())} </span>
          {info.getValue()}
        </Text>
      ),
    }),
    column.accessor('locode', { header: 'UN/LOCODE', meta: { width: '7rem' }, cell: (info) => info.getValue() ?? '' }),
    column.accessor('isActive', {
      header: () => masterT('status'),
      meta: { width: '7rem' },
      cell: (info) => <ActivePill active={info.getValue()} />,
    }),
  ];
  const record = open === 'new' ? undefined : (open ?? undefined);
  return (
    <section>
      <ScreenHeader title={t('rl.title')} subtitle={t('rl.subtitle')} />
      <ResourceList
        resource={receivingLocationsResource}
        columns={columns}
        label={t('rl.title')}
        plural={t('rl.plural')}
        getRowId={(row) => row._id}
        emptyText={t('rl.empty')}
        actions={
          <Can module="masterData" action="create">
            <Button colorPalette="brand" onClick={() => setOpen('new')}>
              {t('rl.add')}
            </Button>
          </Can>
        }
      />
      {open && (
        <RecordDialog<CreateReceivingLocationInput, z.output<typeof createReceivingLocationBody>, ReceivingLocation>
          title={record ? record.name : t('rl.new')}
          noun={t('rl.noun')}
          schema={createReceivingLocationBody}
          defaultValues={
            record
              ? {
                  name: record.name,
                  code: record.code,
                  address: record.address,
                  city: record.city,
                  country: record.country,
                  locode: record.locode,
                  contactName: record.contactName,
                  phone: record.phone,
                  email: record.email,
                  isActive: record.isActive,
                }
              : { isActive: true, locode: null }
          }
          fieldNames={FIELDS}
          save={(body) =>
            record
              ? receivingLocationsResource.update(record._id, { version: record.version, ...body })
              : receivingLocationsResource.create(body)
          }
          onSaved={() => {
            void refresh();
            setOpen(null);
          }}
          onClose={() => setOpen(null)}
          onReload={() => void refresh()}
          history={record ? { entity: 'receivingLocation', entityId: record._id } : undefined}
          permission={{ module: 'masterData', stored: Boolean(record) }}
          onDelete={record ? () => receivingLocationsResource.remove(record._id).then(refresh) : undefined}
        >
          {(form) => {
            const errors = form.formState.errors;
            const country = form.watch('country');
            return (
              <>
                <Flex gap={3} direction={{ base: 'column', sm: 'row' }}>
                  <FormField label={t('name')} error={errors.name?.message}>
                    {(control) => <TextInput {...control} {...form.register('name')} />}
                  </FormField>
                  <FormField label={t('code')} error={errors.code?.message}>
                    {(control) => <TextInput {...control} {...form.register('code')} />}
                  </FormField>
                </Flex>
                <FormField label={t('rl.address')} error={errors.address?.message}>
                  {(control) => <TextInput {...control} {...form.register('address')} />}
                </FormField>
                <Flex gap={3} direction={{ base: 'column', sm: 'row' }}>
                  <FormField label={t('rl.city')} error={errors.city?.message}>
                    {(control) => <TextInput {...control} {...form.register('city')} />}
                  </FormField>
                  <FormField label={t('rl.country')} error={errors.country?.message}>
                    {(control) => (
                      <PickerField
                        form={form}
                        name="country"
                        picker={CountryPicker}
                        control={control}
                        onPicked={(code) => {
                          // A seaport of another country no longer fits.
                          const locode = form.getValues('locode');
                          if (locode && code && !locode.startsWith(code)) form.setValue('locode', null);
                        }}
                      />
                    )}
                  </FormField>
                </Flex>
                <FormField label={t('rl.locode')} error={errors.locode?.message} hint={t('rl.locodeHint')}>
                  {(control) => (
                    <PickerField
                      form={form}
                      name="locode"
                      picker={OceanPortPicker}
                      control={control}
                      empty={null}
                      country={country || undefined}
                    />
                  )}
                </FormField>
                <Flex gap={3} direction={{ base: 'column', sm: 'row' }}>
                  <FormField label={t('rl.contactName')} error={errors.contactName?.message}>
                    {(control) => (
                      <TextInput {...control} {...form.register('contactName', { setValueAs: nullIfEmpty })} />
                    )}
                  </FormField>
                  <FormField label={t('rl.phone')} error={errors.phone?.message}>
                    {(control) => (
                      <TextInput {...control} type="tel" {...form.register('phone', { setValueAs: nullIfEmpty })} />
                    )}
                  </FormField>
                </Flex>
                <FormField label={t('rl.email')} error={errors.email?.message}>
                  {(control) => (
                    <TextInput {...control} type="email" {...form.register('email', { setValueAs: nullIfEmpty })} />
                  )}
                </FormField>
                <CheckboxField label={t('activeLabel')} {...form.register('isActive')} />
              </>
            );
          }}
        </RecordDialog>
      )}
    </section>
  );
}
