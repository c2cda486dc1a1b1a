import { Button, Flex } from '@chakra-ui/react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CellContext } from '@tanstack/react-table';
import { useCallback, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { DefaultValues, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { PermissionModule } from '../../shared/permissions';
import { OpenRecordButton } from './open-record-button';
import { Can, RequirePermission } from './permission-gate';
import { RecordDialog } from './record-dialog';
import { ResourceList, type ListSource } from './resource-list';
import type { ResourceColumns } from './resource-table';

/** What every stored record of a resource carries: its id and the version an update sends back. */
export interface StoredRecord {
  _id: string;
  version: number;
}

/** The part of a `defineResource` result a screen writes through, typed by the contract's bodies. */
export interface WritableResource<Item extends StoredRecord, Body> extends ListSource<Item> {
  keys: ListSource<Item>['keys'] & { all: readonly unknown[] };
  create: (body: Body) => Promise<Item>;
  update: (id: string, body: Body & { version: number }) => Promise<Item>;
  remove: (id: string) => Promise<unknown>;
}

/** A screen's words, already translated: the kit adds none of its own nouns. */
export interface ResourceScreenText {
  /** The list's name ("Business types"), also the table's label. */
  title: string;
  plural: string;
  empty: string;
  /** The add button ("Add business type"). */
  add: string;
  /** The dialog's title for a new record ("New business type"). */
  new: string;
  /** One record in the conflict and delete questions ("business type"). */
  noun: string;
}

/** The record form of a resource screen: the contract's schema, the form's values of a record, its fields. */
export interface ResourceForm<Item, V extends FieldValues, B extends object> {
  schema: z.ZodType<B, V>;
  /** The fields a server `details[].path` error may land on. */
  fieldNames: readonly Path<V>[];
  /** The form's values for a stored record, or for a new one (`undefined`). */
  values: (record: Item | undefined) => DefaultValues<V>;
  fields: (form: UseFormReturn<V, unknown, B>, record: Item | undefined) => ReactNode;
}

export interface ResourceScreenProps<Item extends StoredRecord, V extends FieldValues, B extends object> {
  resource: WritableResource<Item, B>;
  /** The list when it is not the resource's own (contacts' filtered list); the same records. */
  list?: ListSource<Item>;
  module: PermissionModule;
  /** The record's entity in the audit trail ("businessType"): its dialog shows History. */
  audit: string;
  text: ResourceScreenText;
  /** The list's columns; the first one's cell opens the record. */
  columns: ResourceColumns<Item>;
  form: ResourceForm<Item, V, B>;
  /** The dialog's title for a stored record (its name or code). */
  titleOf: (record: Item) => string;
  /** Above the list: the screen's heading and any filters. */
  header: ReactNode;
  /** More buttons before Add (import, export). */
  actions?: ReactNode;
  /** Instead of the resource's create and update (a body the update takes only part of). */
  save?: (body: B, record: Item | undefined) => Promise<Item>;
  /** After a save, besides refreshing the list (another query that shows the record). */
  onSaved?: () => void;
  /** Under the stored record's form (a currency's rate history). */
  footer?: (record: Item) => ReactNode;
}

/**
 * A master-data or settings list screen declared, not written: the read gate, the list with an Add button
 * for a role that may create, and the record dialog (save, delete with a confirmation, history, conflicts)
 * opened from the first column. A screen passes its resource, words, columns and form; a new resource's
 * screen is one call of this component.
 */
export function ResourceScreen<Item extends StoredRecord, V extends FieldValues, B extends object>(
  props: ResourceScreenProps<Item, V, B>,
) {
  return (
    <RequirePermission module={props.module} action="read">
      <Screen {...props} />
    </RequirePermission>
  );
}

function Screen<Item extends StoredRecord, V extends FieldValues, B extends object>({
  resource,
  list,
  module,
  audit,
  text,
  columns,
  form,
  titleOf,
  header,
  actions,
  save,
  onSaved,
  footer,
}: ResourceScreenProps<Item, V, B>) {
  const client = useQueryClient();
  const [open, setOpen] = useState<Item | 'new' | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: resource.keys.all });
  // The row as clicked, or a newer version of it the lists have fetched since (a list shown from the
  // device's cache after a reload, refreshed a moment later): the dialog follows it while untouched.
  const record = useNewestCopy(client, resource.keys.all, open === 'new' ? undefined : (open ?? undefined));
  const add = (
    <Can module={module} action="create">
      <Button colorPalette="brand" onClick={() => setOpen('new')}>
        {text.add}
      </Button>
    </Can>
  );
  return (
    <section>
      {header}
      <ResourceList
        resource={list ?? resource}
        columns={opening(columns, setOpen)}
        label={text.title}
        plural={text.plural}
        getRowId={(row) => row._id}
        emptyText={text.empty}
        actions={
          actions ? (
            <Flex gap={2} wrap="wrap">
              {actions}
              {add}
            </Flex>
          ) : (
            add
          )
        }
      />
      {open && (
        <RecordDialog<V, B, Item>
          title={record ? titleOf(record) : text.new}
          noun={text.noun}
          schema={form.schema}
          defaultValues={form.values(record)}
          revision={record?.version}
          fieldNames={form.fieldNames}
          save={(body, revision) => {
            // The record at the version the form was filled from, which may be older than the newest copy.
            const base = record && revision !== undefined ? { ...record, version: revision } : record;
            if (save) return save(body, base);
            return base
              ? // The body's own version wins: an "Overwrite with mine" sends the stored one.
                resource.update(base._id, { version: base.version, ...body })
              : resource.create(body);
          }}
          onSaved={() => {
            void refresh();
            onSaved?.();
            setOpen(null);
          }}
          onClose={() => setOpen(null)}
          onReload={() => void refresh()}
          history={record ? { entity: audit, entityId: record._id } : undefined}
          permission={{ module, stored: Boolean(record) }}
          onDelete={record ? () => resource.remove(record._id).then(refresh) : undefined}
          footer={record && footer?.(record)}
        >
          {(controls) => form.fields(controls, record)}
        </RecordDialog>
      )}
    </section>
  );
}

/** The columns with the first one's cell as the button that opens its record (every role that reads may). */
function opening<Item>(columns: ResourceColumns<Item>, open: (record: Item) => void): ResourceColumns<Item> {
  const [first, ...rest] = columns;
  if (!first) return columns;
  const inner = first.cell;
  return [
    {
      ...first,
      cell: (context: CellContext<Item, unknown>) => (
        <OpenRecordButton onOpen={() => open(context.row.original)}>
          {typeof inner === 'function' ? inner(context) : (inner ?? String(context.getValue() ?? ''))}
        </OpenRecordButton>
      ),
    },
    ...rest,
  ];
}

function isStoredRecord(value: unknown): value is StoredRecord {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as StoredRecord)._id === 'string' &&
    typeof (value as StoredRecord).version === 'number'
  );
}

/**
 * The newest copy of `record` (by version) among the cached queries under `key`: list pages (`items`) and
 * the record's own query. An offline edit shown in the lists keeps the stored version, so it is not newer.
 */
export function newestCopy<Item extends StoredRecord>(
  client: QueryClient,
  key: readonly unknown[],
  record: Item,
): Item {
  let newest = record;
  for (const [, data] of client.getQueriesData<unknown>({ queryKey: key })) {
    const items =
      typeof data === 'object' && data !== null && Array.isArray((data as { items?: unknown }).items)
        ? (data as { items: unknown[] }).items
        : [data];
    for (const item of items) {
      if (isStoredRecord(item) && item._id === record._id && item.version > newest.version) newest = item as Item;
    }
  }
  return newest;
}

function useNewestCopy<Item extends StoredRecord>(
  client: QueryClient,
  key: readonly unknown[],
  record: Item | undefined,
): Item | undefined {
  const subscribe = useCallback((onChange: () => void) => client.getQueryCache().subscribe(onChange), [client]);
  const newest = () => (record ? newestCopy(client, key, record) : undefined);
  return useSyncExternalStore(subscribe, newest, newest);
}
