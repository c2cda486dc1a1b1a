import { picklistGroupLabel, picklistOptionLabel } from '../../../lib/i18n/system-records';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Box, Button, Flex, Heading, IconButton, Stack, Text, chakra } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { fetchAllPages } from '../../../lib/api/fetch-all-pages';
import { FormField, TextInput } from '../../../lib/resource-kit/form-field';
import { Can, withPermission, useCan } from '../../../lib/resource-kit/permission-gate';
import { formMessageOf } from '../../../lib/resource-kit/server-field-errors';
import { showToast } from '../../../lib/ui/toast-store';
import {
  createDropdownBody,
  createDropdownGroupBody,
  dropdownGroupSchema,
  dropdownItemSchema,
  type CreateDropdownGroupInput,
  type CreateDropdownInput,
  type DropdownGroup,
  type DropdownItem,
} from '../../../shared/contracts/master-data';
import { dropdownGroupsResource, dropdownOptionsResource, useReorderOptions } from './api';
import { ActivePill, CheckboxField, ScreenHeader } from './fields';
import { RecordDialog } from '../../../lib/resource-kit/record-dialog';
import { masterT, useMasterT } from './strings';

// Whole lists: a reorder names every option of the group, so none may be left out.
const groupsQuery = {
  queryKey: [...dropdownGroupsResource.keys.all, 'whole'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    fetchAllPages('master', '/dropdown-groups?sort=label', dropdownGroupSchema, { signal }),
};
const optionsQuery = (group: DropdownGroup) => ({
  queryKey: [...dropdownOptionsResource.keys.all, 'whole', group.module, group.name] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    fetchAllPages(
      'master',
      `/dropdown?module=${encodeURIComponent(group.module)}&group=${encodeURIComponent(group.name)}&sort=sortOrder`,
      dropdownItemSchema,
      { signal },
    ),
});

/** /settings/picklist: picklist groups and their options, ordered by drag and drop (or the keyboard). */
export const PicklistScreen = withPermission('masterData', 'read', Picklists);

function Picklists() {
  const t = useMasterT();
  const client = useQueryClient();
  const groups = useQuery(groupsQuery);
  const [selectedId, setSelectedId] = useState<string>();
  const [dialog, setDialog] = useState<'group' | null>(null);
  const selected = groups.data?.find((g) => g._id === selectedId) ?? groups.data?.[0];
  return (
    <section>
      <ScreenHeader title={t('pl.title')} subtitle={t('pl.subtitle')} />
      <Stack direction={{ base: 'column', md: 'row' }} gap={5} alignItems="flex-start">
        <Box as="nav" aria-label={t('pl.groups')} width={{ base: 'full', md: '16rem' }} flexShrink={0}>
          <Flex justifyContent="space-between" alignItems="center" marginBottom={2}>
            <Heading as="h3" size="sm">
              {t('pl.groups')}
            </Heading>
            <Can module="masterData" action="create">
              <Button size="xs" variant="outline" onClick={() => setDialog('group')}>
                {t('pl.addGroup')}
              </Button>
            </Can>
          </Flex>
          {groups.data?.length === 0 && <Text color="fg.muted">{t('pl.noGroups')}</Text>}
          {!groups.data && groups.error && (
            <Text role="alert" color="fg.error" textStyle="sm">
              {t('pl.loadFailed', { message: formMessageOf(groups.error) })}
            </Text>
          )}
          <Stack as="ul" listStyleType="none" gap={1}>
            {groups.data?.map((group) => (
              <li key={group._id}>
                <chakra.button
                  type="button"
                  width="full"
                  textAlign="start"
                  paddingX={3}
                  paddingY={2}
                  borderRadius="l2"
                  borderWidth="1px"
                  aria-current={group._id === selected?._id ? 'true' : undefined}
                  bg={group._id === selected?._id ? 'brand.subtle' : 'bg.panel'}
                  onClick={() => setSelectedId(group._id)}
                >
                  <Text fontWeight="medium">{picklistGroupLabel(group)}</Text>
                </chakra.button>
              </li>
            ))}
          </Stack>
        </Box>
        <Box flex="1" minWidth={0} width="full">
          {selected ? (
            <GroupOptions key={selected._id} group={selected} />
          ) : (
            <Text color="fg.muted">{t('pl.chooseGroup')}</Text>
          )}
        </Box>
      </Stack>
      {dialog === 'group' && (
        <RecordDialog<CreateDropdownGroupInput, z.output<typeof createDropdownGroupBody>, DropdownGroup>
          title={t('pl.newGroup')}
          noun={t('pl.groupNoun')}
          schema={createDropdownGroupBody}
          defaultValues={{ module: 'home' }}
          fieldNames={['module', 'name', 'label']}
          permission={{ module: 'masterData', stored: false }}
          save={(body) => dropdownGroupsResource.create(body)}
          onSaved={(group) => {
            void client.invalidateQueries({ queryKey: dropdownGroupsResource.keys.all });
            setSelectedId(group._id);
            setDialog(null);
          }}
          onClose={() => setDialog(null)}
        >
          {(form) => (
            <>
              <FormField label={t('pl.label')} error={form.formState.errors.label?.message}>
                {(control) => <TextInput {...control} {...form.register('label')} />}
              </FormField>
              <FormField label={t('pl.groupName')} error={form.formState.errors.name?.message}>
                {(control) => <TextInput {...control} {...form.register('name')} />}
              </FormField>
              <FormField label={t('pl.module')} error={form.formState.errors.module?.message}>
                {(control) => <TextInput {...control} {...form.register('module')} />}
              </FormField>
            </>
          )}
        </RecordDialog>
      )}
    </section>
  );
}

function GroupOptions({ group }: { group: DropdownGroup }) {
  const t = useMasterT();
  const client = useQueryClient();
  const canEdit = useCan('masterData', 'update');
  const canDelete = useCan('masterData', 'delete');
  const options = useQuery(optionsQuery(group));
  const reorder = useReorderOptions();
  const [order, setOrder] = useState<DropdownItem[]>([]);
  const [editing, setEditing] = useState<DropdownItem | 'new' | null>(null);
  useEffect(() => setOrder(options.data ?? []), [options.data]);
  const refresh = () => client.invalidateQueries({ queryKey: dropdownOptionsResource.keys.all });
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const saveOrder = (next: DropdownItem[]) => {
    const before = order;
    setOrder(next);
    reorder.mutate(
      { module: group.module, group: group.name, ids: next.map((o) => o._id), groupLabel: group.label },
      {
        // Queued (offline): the outbox's own toast says it waits; the list already shows the new order.
        onSuccess: ({ queued }) => {
          if (!queued) showToast({ status: 'success', title: t('pl.reordered') });
        },
        onError: () => {
          setOrder(before);
          showToast({ status: 'error', title: t('pl.reorderFailed') });
        },
      },
    );
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = order.findIndex((o) => o._id === active.id);
    const to = order.findIndex((o) => o._id === over.id);
    if (from >= 0 && to >= 0) saveOrder(arrayMove(order, from, to));
  };
  const move = (index: number, by: number) => {
    const to = index + by;
    if (to >= 0 && to < order.length) saveOrder(arrayMove(order, index, to));
  };
  const toggle = async (option: DropdownItem) => {
    await dropdownOptionsResource.update(option._id, { isActive: !option.isActive, version: option.version });
    await refresh();
  };
  const record = editing === 'new' ? undefined : (editing ?? undefined);

  return (
    <section aria-labelledby="picklist-options">
      <Flex justifyContent="space-between" alignItems="center" marginBottom={3} gap={3} wrap="wrap">
        <Heading as="h3" size="md" id="picklist-options">
          {t('pl.options', { group: picklistGroupLabel(group) })}
        </Heading>
        <Can module="masterData" action="create">
          <Button size="sm" colorPalette="brand" onClick={() => setEditing('new')}>
            {t('pl.addOption')}
          </Button>
        </Can>
      </Flex>
      {options.data && order.length === 0 && <Text color="fg.muted">{t('pl.noOptions')}</Text>}
      {!options.data && options.error && (
        <Text role="alert" color="fg.error" textStyle="sm">
          {t('pl.loadFailed', { message: formMessageOf(options.error) })}
        </Text>
      )}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={order.map((o) => o._id)} strategy={verticalListSortingStrategy}>
          <Stack as="ol" listStyleType="none" gap={1.5} data-testid="picklist-options">
            {order.map((option, index) => (
              <SortableOption
                key={option._id}
                option={option}
                canEdit={canEdit}
                canOpen={canEdit || canDelete}
                first={index === 0}
                last={index === order.length - 1}
                onMoveUp={() => move(index, -1)}
                onMoveDown={() => move(index, 1)}
                onEdit={() => setEditing(option)}
                onToggle={() => void toggle(option)}
              />
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
      {editing && (
        <RecordDialog<CreateDropdownInput, z.output<typeof createDropdownBody>, DropdownItem>
          title={record ? picklistOptionLabel(record) : t('pl.newOption')}
          noun={t('pl.optionNoun')}
          schema={createDropdownBody}
          defaultValues={
            record
              ? {
                  module: group.module,
                  group: group.name,
                  value: record.value,
                  label: record.label,
                  isActive: record.isActive,
                }
              : { module: group.module, group: group.name, isActive: true }
          }
          fieldNames={['value', 'label', 'isActive']}
          save={({ value, label, isActive }) =>
            record
              ? dropdownOptionsResource.update(record._id, { value, label, isActive, version: record.version })
              : dropdownOptionsResource.create({ module: group.module, group: group.name, value, label, isActive })
          }
          onSaved={() => {
            void refresh();
            setEditing(null);
          }}
          onClose={() => setEditing(null)}
          onReload={() => void refresh()}
          history={record ? { entity: 'dropdown', entityId: record._id } : undefined}
          permission={{ module: 'masterData', stored: Boolean(record) }}
          onDelete={record ? () => dropdownOptionsResource.remove(record._id).then(refresh) : undefined}
        >
          {(form) => (
            <>
              <FormField label={t('pl.label')} error={form.formState.errors.label?.message}>
                {(control) => <TextInput {...control} {...form.register('label')} />}
              </FormField>
              <FormField label={t('pl.value')} error={form.formState.errors.value?.message}>
                {(control) => <TextInput {...control} {...form.register('value')} />}
              </FormField>
              <CheckboxField label={t('activeLabel')} {...form.register('isActive')} />
            </>
          )}
        </RecordDialog>
      )}
    </section>
  );
}

function SortableOption({
  option,
  canEdit,
  canOpen,
  first,
  last,
  onMoveUp,
  onMoveDown,
  onEdit,
  onToggle,
}: {
  option: DropdownItem;
  canEdit: boolean;
  /** The option's dialog holds Delete too, so a role that may only delete still opens it. */
  canOpen: boolean;
  first: boolean;
  last: boolean;
  onMoveUp: () => void;
  onMoveDown: () => void;
  onEdit: () => void;
  onToggle: () => void;
}) {
  const t = useMasterT();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: option._id,
    disabled: !canEdit,
  });
  return (
    <chakra.li
      ref={setNodeRef}
      data-value={option.value}
      display="flex"
      // On a phone the buttons go to a row of their own rather than squeezing the name to "2…".
      flexWrap="wrap"
      alignItems="center"
      gap={2}
      paddingX={2}
      paddingY={1.5}
      borderWidth="1px"
      borderRadius="l2"
      bg="bg.panel"
      boxShadow={isDragging ? 'md' : undefined}
      position="relative"
      zIndex={isDragging ? 1 : undefined}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      {canEdit && (
        <chakra.button
          type="button"
          ref={setActivatorNodeRef}
          aria-label={t('pl.drag', { label: option.label })}
          cursor="grab"
          paddingX={1}
          color="fg.muted"
          {...attributes}
          {...listeners}
        >
          ⠿
        </chakra.button>
      )}
      <Box flex="1 1 9rem" minWidth={0}>
        <Text fontWeight="medium" overflowWrap="anywhere">
          {picklistOptionLabel(option)}
        </Text>
        <Text textStyle="xs" color="fg.muted" fontFamily="mono">
          {option.value}
        </Text>
      </Box>
      <ActivePill active={option.isActive} />
      <Flex gap={1} marginStart="auto">
        {canEdit && (
          <>
            <IconButton
              size="xs"
              variant="ghost"
              aria-label={t('pl.moveUp', { label: option.label })}
              disabled={first}
              onClick={onMoveUp}
            >
              ↑
            </IconButton>
            <IconButton
              size="xs"
              variant="ghost"
              aria-label={t('pl.moveDown', { label: option.label })}
              disabled={last}
              onClick={onMoveDown}
            >
              ↓
            </IconButton>
            <Button size="xs" variant="outline" onClick={onToggle}>
              {option.isActive ? masterT('pl.deactivate') : masterT('pl.activate')}
            </Button>
          </>
        )}
        {canOpen && (
          <Button size="xs" variant="outline" onClick={onEdit}>
            {t('edit')}
          </Button>
        )}
      </Flex>
    </chakra.li>
  );
}
