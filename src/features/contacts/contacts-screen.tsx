import { NeedsConnection } from '../../lib/online/needs-connection';
import { useOnline } from '../../lib/resource-kit/use-online';
import { businessTypeName } from '../../lib/i18n/system-records';
import { Box, Button, Flex, Text, chakra } from '@chakra-ui/react';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { CountryPicker, PickerField } from '../../lib/pickers';
import { FormField, SelectInput, TextInput } from '../../lib/resource-kit/form-field';
import { IdChecklist } from '../../lib/resource-kit/id-checklist';
import { Can, withPermission, useCan } from '../../lib/resource-kit/permission-gate';
import type { ResourceColumns } from '../../lib/resource-kit/resource-table';
import { ResourceScreen } from '../../lib/resource-kit/resource-screen';
import { formMessageOf } from '../../lib/resource-kit/server-field-errors';
import { showToast } from '../../lib/ui/toast-store';
import { PageHeader } from '../../lib/ui/page-header';
import { createContactBody, type Contact } from '../../shared/contracts/contacts';
import { contactListSource, contactsResource, useBusinessTypes, useContactTags } from './api';
import { DuplicateWarning } from './duplicate-warning';
import { exportContactsCsv } from './export-contacts';
import { ImportContactsDialog } from './import-contacts';
import { contactsT, useContactsT } from './strings';
import { TagPill } from './tag-pill';

const column = createColumnHelper<Contact>();
const FIELDS = ['name', 'typeIds', 'email', 'phone', 'address', 'city', 'country', 'taxId', 'tagIds', 'notes'] as const;

/** /contacts: the company's contacts, searched and filtered by business type, tag and country. */
export const ContactsScreen = withPermission('contacts', 'read', Contacts);

function Contacts() {
  const t = useContactsT();
  // Tags are contacts' own: adding one needs `create`, deleting one `delete` (their screen says so too).
  const canCreate = useCan('contacts', 'create');
  const canDelete = useCan('contacts', 'delete');
  const [params, setParams] = useSearchParams();
  const filters = {
    typeId: params.get('type') ?? '',
    tagId: params.get('tag') ?? '',
    country: params.get('country') ?? '',
  };
  const source = useMemo(() => contactListSource(filters), [filters.typeId, filters.tagId, filters.country]); // eslint-disable-line react-hooks/exhaustive-deps
  const typesQuery = useBusinessTypes();
  const tagsQuery = useContactTags();
  const types = typesQuery.data ?? [];
  const tags = tagsQuery.data ?? [];
  // Said, not hidden: filters and the form without some types or tags would look complete.
  const namesError = (typesQuery.data ? null : typesQuery.error) ?? (tagsQuery.data ? null : tagsQuery.error);
  const [importOpen, setImportOpen] = useState(false);
  const setFilter = (key: 'type' | 'tag' | 'country', value: string) =>
    setParams(
      () => {
        // The address bar as it is now (see useListUrlState): the list's debounced search writes it too.
        const next = new URLSearchParams(window.location.search);
        if (value) next.set(key, value);
        else next.delete(key);
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  const typeName = new Map(types.map((type) => [type._id, businessTypeName(type)]));
  const tagOf = new Map(tags.map((tag) => [tag._id, tag]));

  const columns: ResourceColumns<Contact> = [
    column.accessor('name', {
      header: () => contactsT('name'),
      meta: { sortField: 'name', width: 'minmax(12rem, 2fr)' },
    }),
    column.accessor('typeIds', {
      header: () => contactsT('types'),
      meta: { width: 'minmax(10rem, 2fr)' },
      cell: (info) =>
        (info.getValue() as string[])
          .flatMap((id) => typeName.get(id) ?? [])
          .sort((a, b) => a.localeCompare(b))
          .join(', '),
    }),
    column.accessor('city', {
      header: () => contactsT('city'),
      meta: { sortField: 'city', width: 'minmax(8rem, 1fr)' },
    }),
    column.accessor('country', {
      header: () => contactsT('country'),
      meta: { sortField: 'country', width: '7rem' },
    }),
    column.accessor('tagIds', {
      header: () => contactsT('tags'),
      meta: { width: 'minmax(8rem, 1.5fr)' },
      cell: (info) => (
        <Flex gap={1} wrap="wrap">
          {info.getValue().map((id: string) => {
            const tag = tagOf.get(id);
            return tag ? <TagPill key={id} tag={tag} /> : null;
          })}
        </Flex>
      ),
    }),
  ];
  const [exporting, setExporting] = useState(false);
  const online = useOnline();
  const exportCsv = async () => {
    setExporting(true);
    try {
      const count = await exportContactsCsv(filters, params.get('search') ?? '', {
        types: typeName,
        tags: new Map(tags.map((tag) => [tag._id, tag.name])),
        headers: (
          ['name', 'types', 'email', 'phone', 'address', 'city', 'country', 'taxId', 'tags', 'notes'] as const
        ).map((key) => contactsT(key)),
      });
      showToast({ status: 'success', title: contactsT('exported', { count }) });
    } catch (failure) {
      showToast({ status: 'error', title: formMessageOf(failure) });
    } finally {
      setExporting(false);
    }
  };
  const anyFilter = Boolean(filters.typeId || filters.tagId || filters.country);

  return (
    <Box maxWidth="7xl" marginX="auto">
      <ResourceScreen
        resource={contactsResource}
        list={source}
        module="contacts"
        audit="contact"
        header={
          <>
            <PageHeader title={t('title')} subtitle={t('subtitle')} />
            {namesError && (
              <Text role="alert" color="fg.error" textStyle="sm" marginBottom={4}>
                {t('namesFailed', { message: formMessageOf(namesError) })}
              </Text>
            )}
            <Flex as="fieldset" gap={3} wrap="wrap" alignItems="flex-end" marginBottom={4}>
              <chakra.legend srOnly>{t('filters')}</chakra.legend>
              <Box minWidth="12rem">
                <FormField label={t('filterType')}>
                  {(control) => (
                    <SelectInput
                      {...control}
                      value={filters.typeId}
                      onChange={(e) => setFilter('type', e.target.value)}
                    >
                      <option value="">{t('anyType')}</option>
                      {types.map((type) => (
                        <option key={type._id} value={type._id}>
                          {businessTypeName(type)}
                        </option>
                      ))}
                    </SelectInput>
                  )}
                </FormField>
              </Box>
              <Box minWidth="12rem">
                <FormField label={t('filterTag')}>
                  {(control) => (
                    <SelectInput {...control} value={filters.tagId} onChange={(e) => setFilter('tag', e.target.value)}>
                      <option value="">{t('anyTag')}</option>
                      {tags.map((tag) => (
                        <option key={tag._id} value={tag._id}>
                          {tag.name}
                        </option>
                      ))}
                    </SelectInput>
                  )}
                </FormField>
              </Box>
              <Box minWidth="16rem">
                <FormField label={t('filterCountry')}>
                  {(control) => (
                    <CountryPicker
                      {...control}
                      value={filters.country || null}
                      onChange={(code) => setFilter('country', code ?? '')}
                      placeholder={t('anyCountry')}
                    />
                  )}
                </FormField>
              </Box>
              {anyFilter && (
                <Button variant="ghost" size="sm" onClick={() => setParams({}, { replace: true })}>
                  {t('clearFilters')}
                </Button>
              )}
            </Flex>
            <NeedsConnection action="importExport" />
          </>
        }
        actions={
          <>
            <Button variant="outline" loading={exporting} disabled={!online} onClick={() => void exportCsv()}>
              {t('exportCsv')}
            </Button>
            <Can module="contacts" action="create">
              <Button variant="outline" disabled={!online} onClick={() => setImportOpen(true)}>
                {t('importCsv')}
              </Button>
            </Can>
            {(canCreate || canDelete) && (
              <Button asChild variant="outline">
                <RouterLink to="/contacts/tags">{t('manageTags')}</RouterLink>
              </Button>
            )}
          </>
        }
        text={{
          title: t('title'),
          plural: t('plural'),
          empty: t('empty'),
          add: t('add'),
          new: t('newTitle'),
          noun: t('noun'),
        }}
        columns={columns}
        titleOf={(record) => record.name}
        form={{
          schema: createContactBody,
          fieldNames: FIELDS,
          values: (record) =>
            record
              ? {
                  name: record.name,
                  typeIds: record.typeIds,
                  email: record.email,
                  phone: record.phone,
                  address: record.address,
                  city: record.city,
                  country: record.country,
                  taxId: record.taxId,
                  tagIds: record.tagIds,
                  notes: record.notes,
                }
              : { typeIds: [], tagIds: [], country: '' },
          fields: (form, record) => (
            <>
              <FormField label={t('name')} error={form.formState.errors.name?.message}>
                {(control) => <TextInput {...control} {...form.register('name')} />}
              </FormField>
              <DuplicateWarning control={form.control} exceptId={record?._id} />
              <IdChecklist
                control={form.control}
                name="typeIds"
                label={t('types')}
                options={types.map((type) => ({ id: type._id, label: businessTypeName(type) }))}
              />
              <Flex gap={4} direction={{ base: 'column', sm: 'row' }}>
                <FormField label={t('email')} error={form.formState.errors.email?.message}>
                  {(control) => <TextInput {...control} type="email" {...form.register('email')} />}
                </FormField>
                <FormField label={t('phone')} error={form.formState.errors.phone?.message}>
                  {(control) => <TextInput {...control} type="tel" {...form.register('phone')} />}
                </FormField>
              </Flex>
              <FormField label={t('address')} error={form.formState.errors.address?.message}>
                {(control) => <TextInput {...control} {...form.register('address')} />}
              </FormField>
              <Flex gap={4} direction={{ base: 'column', sm: 'row' }}>
                <FormField label={t('city')} error={form.formState.errors.city?.message}>
                  {(control) => <TextInput {...control} {...form.register('city')} />}
                </FormField>
                <FormField label={t('country')} error={form.formState.errors.country?.message}>
                  {(control) => <PickerField form={form} name="country" picker={CountryPicker} control={control} />}
                </FormField>
              </Flex>
              <FormField label={t('taxId')} error={form.formState.errors.taxId?.message}>
                {(control) => <TextInput {...control} {...form.register('taxId')} />}
              </FormField>
              <IdChecklist
                control={form.control}
                name="tagIds"
                label={t('tags')}
                options={tags.map((tag) => ({ id: tag._id, label: tag.name, color: tag.color }))}
              />
              <FormField label={t('notes')} error={form.formState.errors.notes?.message}>
                {(control) => (
                  <chakra.textarea
                    {...control}
                    {...form.register('notes')}
                    rows={3}
                    borderWidth="1px"
                    borderRadius="l2"
                    padding={2}
                    bg="bg"
                  />
                )}
              </FormField>
            </>
          ),
        }}
      />
      {importOpen && <ImportContactsDialog onClose={() => setImportOpen(false)} />}
    </Box>
  );
}
