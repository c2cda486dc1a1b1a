import { Flex } from '@chakra-ui/react';
import { createColumnHelper } from '@tanstack/react-table';
import { CountryPicker, OceanPortPicker, PickerField } from '../../../lib/pickers';
import { FormField, TextInput } from '../../../lib/resource-kit/form-field';
import { ResourceScreen } from '../../../lib/resource-kit/resource-screen';
import { createReceivingLocationBody, type ReceivingLocation } from '../../../shared/contracts/master-data';
import { receivingLocationsResource } from './api';
import { ActivePill, CheckboxField, ScreenHeader } from './fields';
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
const columns = [
  column.accessor('name', {
    header: () => masterT('name'),
    meta: { sortField: 'name', width: 'minmax(10rem, 2fr)' },
  }),
  column.accessor('code', { header: () => masterT('code'), meta: { sortField: 'code', width: '8rem' } }),
  column.accessor('city', {
    header: () => masterT('rl.city'),
    meta: { sortField: 'city', width: 'minmax(8rem, 1fr)' },
  }),
  column.accessor('country', {
    header: () => masterT('rl.country'),
    meta: { sortField: 'country', width: '7rem' },
  }),
  column.accessor('locode', { header: 'UN/LOCODE', meta: { width: '7rem' }, cell: (info) => info.getValue() ?? '' }),
  column.accessor('isActive', {
    header: () => masterT('status'),
    meta: { width: '7rem' },
    cell: (info) => <ActivePill active={info.getValue()} />,
  }),
];

/** /settings/receiving-locations: the company's warehouses and terminals, with country and seaport pickers. */
export function ReceivingLocationsScreen() {
  const t = useMasterT();
  return (
    <ResourceScreen
      resource={receivingLocationsResource}
      module="masterData"
      audit="receivingLocation"
      header={<ScreenHeader title={t('rl.title')} subtitle={t('rl.subtitle')} />}
      text={{
        title: t('rl.title'),
        plural: t('rl.plural'),
        empty: t('rl.empty'),
        add: t('rl.add'),
        new: t('rl.new'),
        noun: t('rl.noun'),
      }}
      columns={columns}
      titleOf={(record) => record.name}
      form={{
        schema: createReceivingLocationBody,
        fieldNames: FIELDS,
        values: (record) =>
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
            : { isActive: true, locode: null },
        fields: (form) => {
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
        },
      }}
    />
  );
}
