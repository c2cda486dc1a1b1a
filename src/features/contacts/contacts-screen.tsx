import { Box, Button, Flex, Stack, Text, chakra } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Controller, useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { CountryPicker, flagOf, PickerField } from '../../lib/pickers';
import { FormField, SelectInput, TextInput } from '../../lib/resource-kit/form-field';
import { Can, RequirePermission, useCan } from '../../lib/resource-kit/permission-gate';
import { RecordDialog } from '../../lib/resource-kit/record-dialog';
import { ResourceList } from '../../lib/resource-kit/resource-list';
import type { ResourceColumns } from '../../lib/resource-kit/resource-table';
import { formMessageOf } from '../../lib/resource-kit/server-field-errors';
import { useDebouncedValue } from '../../lib/resource-kit/use-debounced-value';
import { OpenRecordButton } from '../../lib/resource-kit/open-record-button';
import { ModalDialog } from '../../lib/ui/modal-dialog';
import { Pill } from '../../lib/ui/pill';
import { showToast } from '../../lib/ui/toast-store';
import { PageHeader } from '../../lib/ui/page-header';
import {
  createContactBody,
  type Contact,
  type ContactTag,
  type CreateContactInput,
} from '../../shared/contracts/contacts';
import {
  contactListSource,
  contactsResource,
  contactTagsResource,
  findDuplicates,
  useBusinessTypes,
  useContactTags,
} from './api';
import { exportContactsCsv } from './export-contacts';
import { ImportContactsDialog } from './import-contacts';
import { contactsT, useContactsT } from './strings';

const column = createColumnHelper<Contact>();
const FIELDS = ['name', 'typeIds', 'email', 'phone', 'address', 'city', 'country', 'taxId', 'tagIds', 'notes'] as const;

/** /contacts: the company's contacts, searched and filtered by business type, tag and country. */
export function ContactsScreen() {
  return (
    <RequirePermission module="contacts" action="read">
      <Contacts />
    </RequirePermission>
  );
}

function Contacts() {
  const t = useContactsT();
  const client = useQueryClient();
  // Tags are contacts' own: adding one needs `create`, deleting one `delete`.
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
  const [open, setOpen] = useState<Contact | 'new' | null>(null);
  const [tagsOpen, setTagsOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: contactsResource.keys.all });
  const setFilter = (key: 'type' | 'tag' | 'country', value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  const typeName = new Map(types.map((type) => [type._id, type.name]));
  const tagOf = new Map(tags.map((tag) => [tag._id, tag]));

  const columns: ResourceColumns<Contact> = [
    column.accessor('name', {
      header: () => contactsT('name'),
      meta: { sortField: 'name', width: 'minmax(12rem, 2fr)' },
      cell: (info) => <OpenRecordButton onOpen={() => setOpen(info.row.original)}>{info.getValue()}</OpenRecordButton>,
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
      cell: (info) => (info.getValue() ? `${flagOf(info.getValue())} ${info.getValue()}` : ''),
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
  const record = open === 'new' ? undefined : (open ?? undefined);
  const anyFilter = Boolean(filters.typeId || filters.tagId || filters.country);

  return (
    <Box as="section" maxWidth="7xl" marginX="auto">
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
              <SelectInput {...control} value={filters.typeId} onChange={(e) => setFilter('type', e.target.value)}>
                <option value="">{t('anyType')}</option>
                {types.map((type) => (
                  <option key={type._id} value={type._id}>
                    {type.name}
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
      <ResourceList
        resource={source}
        columns={columns}
        label={t('title')}
        plural={t('plural')}
        getRowId={(row) => row._id}
        emptyText={t('empty')}
        actions={
          <Flex gap={2}>
            <Button variant="outline" loading={exporting} onClick={() => void exportCsv()}>
              {t('exportCsv')}
            </Button>
            <Can module="contacts" action="create">
              <Button variant="outline" onClick={() => setImportOpen(true)}>
                {t('importCsv')}
              </Button>
            </Can>
            {(canCreate || canDelete) && (
              <Button variant="outline" onClick={() => setTagsOpen(true)}>
                {t('manageTags')}
              </Button>
            )}
            <Can module="contacts" action="create">
              <Button colorPalette="brand" onClick={() => setOpen('new')}>
                {t('add')}
              </Button>
            </Can>
          </Flex>
        }
      />
      {open && (
        <RecordDialog<CreateContactInput, z.output<typeof createContactBody>, Contact>
          title={record ? record.name : t('newTitle')}
          noun={t('noun')}
          schema={createContactBody}
          defaultValues={
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
              : { typeIds: [], tagIds: [], country: '' }
          }
          fieldNames={FIELDS}
          save={(body) =>
            record
              ? contactsResource.update(record._id, { version: record.version, ...body })
              : contactsResource.create(body)
          }
          onSaved={() => {
            void refresh();
            setOpen(null);
          }}
          onClose={() => setOpen(null)}
          onReload={() => void refresh()}
          history={record ? { entity: 'contact', entityId: record._id } : undefined}
          permission={{ module: 'contacts', stored: Boolean(record) }}
          onDelete={record ? () => contactsResource.remove(record._id).then(refresh) : undefined}
        >
          {(form) => (
            <>
              <FormField label={t('name')} error={form.formState.errors.name?.message}>
                {(control) => <TextInput {...control} {...form.register('name')} />}
              </FormField>
              <DuplicateWarning control={form.control} exceptId={record?._id} />
              <IdChecklist
                control={form.control}
                name="typeIds"
                label={t('types')}
                options={types.map((type) => ({ id: type._id, label: type.name }))}
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
          )}
        </RecordDialog>
      )}
      {tagsOpen && <TagsDialog tags={tags} onClose={() => setTagsOpen(false)} />}
      {importOpen && <ImportContactsDialog onClose={() => setImportOpen(false)} />}
    </Box>
  );
}

function TagPill({ tag }: { tag: ContactTag }) {
  return (
    <Pill colorPalette="gray" gap={1}>
      <chakra.span width="2" height="2" borderRadius="full" bg={tag.color} aria-hidden="true" />
      {tag.name}
    </Pill>
  );
}

/** A set of ids as checkboxes (business types, tags), bound to an array field of the form. */
function IdChecklist<V extends FieldValues>({
  control,
  name,
  label,
  options,
}: {
  control: Control<V, unknown, never> | Control<V>;
  name: Path<V>;
  label: string;
  options: { id: string; label: string; color?: string }[];
}) {
  return (
    <Controller
      control={control as Control<V>}
      name={name}
      render={({ field }) => {
        const value = (field.value as string[] | undefined) ?? [];
        return (
          <chakra.fieldset>
            <chakra.legend textStyle="sm" fontWeight="medium" marginBottom={1.5}>
              {label}
            </chakra.legend>
            <Flex gap={3} wrap="wrap">
              {options.map((option) => (
                <chakra.label key={option.id} display="flex" alignItems="center" gap={1.5} textStyle="sm">
                  <chakra.input
                    type="checkbox"
                    width="4"
                    height="4"
                    checked={value.includes(option.id)}
                    onChange={(event) =>
                      field.onChange(
                        event.target.checked ? [...value, option.id] : value.filter((id) => id !== option.id),
                      )
                    }
                  />
                  {option.color && (
                    <chakra.span width="2.5" height="2.5" borderRadius="full" bg={option.color} aria-hidden="true" />
                  )}
                  {option.label}
                </chakra.label>
              ))}
            </Flex>
          </chakra.fieldset>
        );
      }}
    />
  );
}

/** "A contact named … already exists": asked of the server a moment after the name or tax id changes. */
function DuplicateWarning({
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

/** The company's tags: add one with its colour, delete one (it leaves every contact). */
function TagsDialog({ tags, onClose }: { tags: ContactTag[]; onClose: () => void }) {
  const t = useContactsT();
  const canCreate = useCan('contacts', 'create');
  const canDelete = useCan('contacts', 'delete');
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [color, setColor] = useState('#1d4ed8');
  const [error, setError] = useState<string>();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: contactTagsResource.keys.all });
    void client.invalidateQueries({ queryKey: contactsResource.keys.all });
  };
  const add = async () => {
    setError(undefined);
    try {
      await contactTagsResource.create({ name: name.trim(), color });
      setName('');
      refresh();
      showToast({ status: 'success', title: contactsT('tagAdded') });
    } catch (failure) {
      setError(formMessageOf(failure));
    }
  };
  const remove = async (tag: ContactTag) => {
    try {
      await contactTagsResource.remove(tag._id);
      refresh();
      showToast({ status: 'success', title: contactsT('tagDeleted') });
    } catch (failure) {
      setError(formMessageOf(failure));
    }
  };
  return (
    <ModalDialog title={t('tagsTitle')} onClose={onClose} maxWidth="md">
      <Stack gap={4}>
        {tags.length === 0 ? (
          <Text color="fg.muted">{t('noTags')}</Text>
        ) : (
          <chakra.ul listStyleType="none">
            {tags.map((tag) => (
              <chakra.li key={tag._id} display="flex" justifyContent="space-between" alignItems="center" paddingY={1}>
                <TagPill tag={tag} />
                {canDelete && (
                  <Button
                    size="xs"
                    variant="ghost"
                    colorPalette="red"
                    aria-label={t('deleteTag', { name: tag.name })}
                    onClick={() => void remove(tag)}
                  >
                    {t('delete')}
                  </Button>
                )}
              </chakra.li>
            ))}
          </chakra.ul>
        )}
        {canCreate && (
          <chakra.form
            noValidate
            display="flex"
            gap={2}
            alignItems="flex-end"
            onSubmit={(event) => {
              event.preventDefault();
              if (name.trim()) void add();
            }}
          >
            <FormField label={t('tagName')}>
              {(control) => (
                <TextInput {...control} value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
              )}
            </FormField>
            <FormField label={t('tagColor')}>
              {(control) => (
                <chakra.input
                  {...control}
                  type="color"
                  value={color}
                  onChange={(e) => setColor(e.target.value)}
                  width="12"
                  height="10"
                />
              )}
            </FormField>
            <Button type="submit" colorPalette="brand" disabled={!name.trim()}>
              {t('addTag')}
            </Button>
          </chakra.form>
        )}
        {error && (
          <Text role="alert" color="fg.error" textStyle="sm">
            {error}
          </Text>
        )}
      </Stack>
    </ModalDialog>
  );
}
