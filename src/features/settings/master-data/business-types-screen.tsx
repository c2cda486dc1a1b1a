import { businessTypeName } from '../../../lib/i18n/system-records';
import { createColumnHelper } from '@tanstack/react-table';
import { FormField, TextInput } from '../../../lib/resource-kit/form-field';
import { ResourceScreen } from '../../../lib/resource-kit/resource-screen';
import { createBusinessTypeBody, type BusinessType } from '../../../shared/contracts/master-data';
import { businessTypesResource } from './api';
import { ActivePill, CheckboxField, ScreenHeader } from './fields';
import { masterT, useMasterT } from './strings';

const column = createColumnHelper<BusinessType>();
const columns = [
  column.accessor('name', {
    header: () => masterT('name'),
    meta: { sortField: 'name', width: 'minmax(10rem, 2fr)' },
    // The seeded types in the user's language while they keep the seed's name.
    cell: (info) => businessTypeName(info.row.original),
  }),
  column.accessor('code', { header: () => masterT('code'), meta: { sortField: 'code', width: 'minmax(8rem, 1fr)' } }),
  column.accessor('isActive', {
    header: () => masterT('status'),
    meta: { width: '8rem' },
    cell: (info) => <ActivePill active={info.getValue()} />,
  }),
];

/** /settings/business-types: the kinds of business of the company's contacts (seeded per company). */
export function BusinessTypesScreen() {
  const t = useMasterT();
  return (
    <ResourceScreen
      resource={businessTypesResource}
      module="masterData"
      audit="businessType"
      header={<ScreenHeader title={t('bt.title')} subtitle={t('bt.subtitle')} />}
      text={{
        title: t('bt.title'),
        plural: t('bt.plural'),
        empty: t('bt.empty'),
        add: t('bt.add'),
        new: t('bt.new'),
        noun: t('bt.noun'),
      }}
      columns={columns}
      titleOf={(record) => record.name}
      form={{
        schema: createBusinessTypeBody,
        fieldNames: ['name', 'code', 'isActive'],
        values: (record) =>
          record ? { name: record.name, code: record.code, isActive: record.isActive } : { isActive: true },
        fields: (form) => (
          <>
            <FormField label={t('name')} error={form.formState.errors.name?.message}>
              {(control) => <TextInput {...control} {...form.register('name')} />}
            </FormField>
            <FormField label={t('code')} error={form.formState.errors.code?.message}>
              {(control) => <TextInput {...control} {...form.register('code')} />}
            </FormField>
            <CheckboxField label={t('activeLabel')} {...form.register('isActive')} />
          </>
        ),
      }}
    />
  );
}
