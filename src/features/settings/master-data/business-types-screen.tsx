import type { z } from 'zod';
import { Button } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { FormField, TextInput } from '../../../lib/resource-kit/form-field';
import { Can, RequirePermission } from '../../../lib/resource-kit/permission-gate';
import { ResourceList } from '../../../lib/resource-kit/resource-list';
import type { ResourceColumns } from '../../../lib/resource-kit/resource-table';
import {
  createBusinessTypeBody,
  type BusinessType,
  type CreateBusinessTypeInput,
} from '../../../shared/contracts/master-data';
import { businessTypesResource } from './api';
import { ActivePill, CheckboxField, ScreenHeader } from './fields';
import { RecordDialog } from '../../../lib/resource-kit/record-dialog';
import { OpenRecordButton } from '../../../lib/resource-kit/open-record-button';
import { masterT, useMasterT } from './strings';

const column = createColumnHelper<BusinessType>();
const FIELDS = ['name', 'code', 'isActive'] as const;

/** /settings/business-types: the kinds of business of the company's contacts (seeded per company). */
export function BusinessTypesScreen() {
  return (
    <RequirePermission module="masterData" action="read">
      <BusinessTypes />
    </RequirePermission>
  );
}

function BusinessTypes() {
  const t = useMasterT();
  const client = useQueryClient();
  const [open, setOpen] = useState<BusinessType | 'new' | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: businessTypesResource.keys.all });
  const columns: ResourceColumns<BusinessType> = [
    column.accessor('name', {
      header: () => masterT('name'),
      meta: { sortField: 'name', width: 'minmax(10rem, 2fr)' },
      // Every role that reads the list opens the record: the dialog offers only what the role may do.
      cell: (info) => <OpenRecordButton onOpen={() => setOpen(info.row.original)}>{info.getValue()}</OpenRecordButton>,
    }),
    column.accessor('code', {
      header: () => masterT('code'),
      meta: { sortField: 'code', width: 'minmax(8rem, 1fr)' },
    }),
    column.accessor('isActive', {
      header: () => masterT('status'),
      meta: { width: '8rem' },
      cell: (info) => <ActivePill active={info.getValue()} />,
    }),
  ];
  const record = open === 'new' ? undefined : (open ?? undefined);
  return (
    <section>
      <ScreenHeader title={t('bt.title')} subtitle={t('bt.subtitle')} />
      <ResourceList
        resource={businessTypesResource}
        columns={columns}
        label={t('bt.title')}
        plural={t('bt.plural')}
        getRowId={(row) => row._id}
        emptyText={t('bt.empty')}
        actions={
          <Can module="masterData" action="create">
            <Button colorPalette="brand" onClick={() => setOpen('new')}>
              {t('bt.add')}
            </Button>
          </Can>
        }
      />
      {open && (
        <RecordDialog<CreateBusinessTypeInput, z.output<typeof createBusinessTypeBody>, BusinessType>
          title={record ? record.name : t('bt.new')}
          noun={t('bt.noun')}
          schema={createBusinessTypeBody}
          defaultValues={
            record ? { name: record.name, code: record.code, isActive: record.isActive } : { isActive: true }
          }
          fieldNames={FIELDS}
          save={(body) =>
            record
              ? businessTypesResource.update(record._id, { version: record.version, ...body })
              : businessTypesResource.create(body)
          }
          onSaved={() => {
            void refresh();
            setOpen(null);
          }}
          onClose={() => setOpen(null)}
          onReload={() => void refresh()}
          history={record ? { entity: 'businessType', entityId: record._id } : undefined}
          permission={{ module: 'masterData', stored: Boolean(record) }}
          onDelete={record ? () => businessTypesResource.remove(record._id).then(refresh) : undefined}
        >
          {(form) => (
            <>
              <FormField label={t('name')} error={form.formState.errors.name?.message}>
                {(control) => <TextInput {...control} {...form.register('name')} />}
              </FormField>
              <FormField label={t('code')} error={form.formState.errors.code?.message}>
                {(control) => <TextInput {...control} {...form.register('code')} />}
              </FormField>
              <CheckboxField label={t('activeLabel')} {...form.register('isActive')} />
            </>
          )}
        </RecordDialog>
      )}
    </section>
  );
}
