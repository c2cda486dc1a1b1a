/**
 * SQL for the company's picklists: the session list of `GET /dropdown?module=…` (docs/api.md section 6),
 * the `/dropdown` and `/dropdown-groups` resources (section 11), and the defaults of a new company.
 */
import type { DropdownOption } from '../../../src/shared/contracts/master-reference.ts';
import type { DropdownGroup, DropdownItem } from '../../../src/shared/contracts/master-data.ts';
import {
  type DROPDOWN_GROUP_SORT_FIELDS,
  type DROPDOWN_OPTION_SORT_FIELDS,
} from '../../../src/shared/contracts/master-data.ts';
import type { Queryable } from '../../db/database.ts';
import type { ListQuery } from '../../http/list-query.ts';
import { columnTable, updateVersioned, VERSIONED_COLUMNS } from '../../http/list-sql-repository.ts';

/** The session picklist: active options only, by group and order, in the shape of section 6. */
export async function listDropdownOptions(tx: Queryable, module: string): Promise<DropdownOption[]> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `${OPTIONS.select} WHERE module = $1 AND is_active ORDER BY group_name, sort_order, label`,
    [module],
  );
  return rows.map(OPTIONS.toItem).map(({ _id, module, group, value, label, sortOrder }) => ({
    _id,
    module,
    group,
    value,
    label,
    sortOrder,
  }));
}

/** Adds a company's picklist groups; groups it already has stay. */
export async function insertDropdownGroups(
  tx: Queryable,
  companyId: string,
  module: string,
  groups: ReadonlyArray<{ name: string; label: string }>,
): Promise<void> {
  await tx.query(
    `INSERT INTO dropdown_groups (company_id, module, name, label)
     SELECT $1, $2, n, l FROM unnest($3::text[], $4::text[]) AS t(n, l)
     ON CONFLICT DO NOTHING`,
    [companyId, module, groups.map((g) => g.name), groups.map((g) => g.label)],
  );
}

/** Adds a company's picklist options for `module`, in the order given; options it has already stay. */
export async function insertDropdownOptions(
  tx: Queryable,
  companyId: string,
  module: string,
  options: ReadonlyArray<{ group: string; value: string; label: string }>,
): Promise<void> {
  await tx.query(
    `INSERT INTO dropdown_options (company_id, module, group_name, value, label, sort_order)
     SELECT $1, $2, g, v, l, ord::int
       FROM unnest($3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS t(g, v, l, ord)
     ON CONFLICT DO NOTHING`,
    [companyId, module, options.map((d) => d.group), options.map((d) => d.value), options.map((d) => d.label)],
  );
}

// ---------- /dropdown-groups ----------

type GroupSortField = (typeof DROPDOWN_GROUP_SORT_FIELDS)[number];
const GROUPS = columnTable<DropdownGroup>('dropdown_groups', {
  ...VERSIONED_COLUMNS,
  module: 'module',
  name: 'name',
  label: 'label',
});
const GROUP_SORT_COLUMNS = GROUPS.sortColumns<GroupSortField>({
  module: 'exact',
  name: 'exact',
  label: 'lower',
  updatedAt: 'exact',
});

export interface DropdownGroupValues {
  companyId: string;
  module: string;
  name: string;
  label: string;
}
export type DropdownGroupPatch = Partial<Pick<DropdownGroupValues, 'name' | 'label'>>;
const GROUP_PATCH_COLUMNS: Record<keyof DropdownGroupPatch, string> = GROUPS.columns(['name', 'label']);

export async function dropdownGroupExists(tx: Queryable, module: string, name: string): Promise<boolean> {
  const { rows } = await tx.query('SELECT 1 FROM dropdown_groups WHERE module = $1 AND name = $2', [module, name]);
  return rows.length > 0;
}

export const dropdownGroupRepository = {
  async list(tx: Queryable, query: ListQuery<GroupSortField>, filters: { module?: string }) {
    const where = `WHERE ($1::text IS NULL OR name ILIKE $1 OR label ILIKE $1) AND ($2::text IS NULL OR module = $2)`;
    return GROUPS.list(tx, query, { where, filters: [filters.module ?? null], sortColumns: GROUP_SORT_COLUMNS });
  },
  find: GROUPS.find,
  async insert(tx: Queryable, v: DropdownGroupValues): Promise<string> {
    const { rows } = await tx.query<{ id: string }>(
      'INSERT INTO dropdown_groups (company_id, module, name, label) VALUES ($1, $2, $3, $4) RETURNING id',
      [v.companyId, v.module, v.name, v.label],
    );
    return rows[0]!.id;
  },
  async update(tx: Queryable, id: string, patch: DropdownGroupPatch): Promise<void> {
    await updateVersioned(tx, 'dropdown_groups', id, patch, GROUP_PATCH_COLUMNS);
  },
  remove: GROUPS.remove,
};

/** How many options a group still holds (a group with options cannot be deleted). */
export async function countGroupOptions(tx: Queryable, module: string, group: string): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM dropdown_options WHERE module = $1 AND group_name = $2',
    [module, group],
  );
  return rows[0]?.n ?? 0;
}

// ---------- /dropdown ----------

type OptionSortField = (typeof DROPDOWN_OPTION_SORT_FIELDS)[number];
const OPTIONS = columnTable<DropdownItem>('dropdown_options', {
  ...VERSIONED_COLUMNS,
  module: 'module',
  group: 'group_name',
  value: 'value',
  label: 'label',
  sortOrder: 'sort_order',
  isActive: 'is_active',
});
const OPTION_SORT_COLUMNS = OPTIONS.sortColumns<OptionSortField>({
  // The picker's order: a group's options by their sort order.
  group: { sql: 'module, group_name, sort_order' },
  sortOrder: 'exact',
  label: 'lower',
  value: 'exact',
  updatedAt: 'exact',
});

export interface DropdownOptionValues {
  companyId: string;
  module: string;
  group: string;
  value: string;
  label: string;
  sortOrder?: number | undefined;
  isActive: boolean;
}
export type DropdownOptionPatch = Partial<Pick<DropdownOptionValues, 'value' | 'label' | 'sortOrder' | 'isActive'>>;
const OPTION_PATCH_COLUMNS: Record<keyof DropdownOptionPatch, string> = OPTIONS.columns([
  'value',
  'label',
  'sortOrder',
  'isActive',
]);

export const dropdownOptionRepository = {
  async list(
    tx: Queryable,
    query: ListQuery<OptionSortField>,
    filters: { module?: string; group?: string; isActive?: 'true' | 'false' },
  ) {
    const where = `WHERE ($1::text IS NULL OR value ILIKE $1 OR label ILIKE $1) AND ($2::text IS NULL OR module = $2)
                     AND ($3::text IS NULL OR group_name = $3) AND ($4::boolean IS NULL OR is_active = $4)`;
    return OPTIONS.list(tx, query, {
      where,
      filters: [
        filters.module ?? null,
        filters.group ?? null,
        filters.isActive === undefined ? null : filters.isActive === 'true',
      ],
      sortColumns: OPTION_SORT_COLUMNS,
    });
  },
  find: OPTIONS.find,
  /** Without a `sortOrder`, the new option goes after the group's last one. */
  async insert(tx: Queryable, v: DropdownOptionValues): Promise<string> {
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO dropdown_options (company_id, module, group_name, value, label, sort_order, is_active)
       VALUES ($1, $2, $3, $4, $5,
               COALESCE($6::int, (SELECT COALESCE(max(sort_order), 0) + 1 FROM dropdown_options
                                   WHERE module = $2 AND group_name = $3)),
               $7)
       RETURNING id`,
      [v.companyId, v.module, v.group, v.value, v.label, v.sortOrder ?? null, v.isActive],
    );
    return rows[0]!.id;
  },
  async update(tx: Queryable, id: string, patch: DropdownOptionPatch): Promise<void> {
    await updateVersioned(tx, 'dropdown_options', id, patch, OPTION_PATCH_COLUMNS);
  },
  remove: OPTIONS.remove,
};

/** Another option of the group with this value, other than `exceptId`. */
export async function dropdownValueTaken(
  tx: Queryable,
  option: { module: string; group: string; value: string },
  exceptId?: string,
): Promise<boolean> {
  const { rows } = await tx.query(
    `SELECT 1 FROM dropdown_options WHERE module = $1 AND group_name = $2 AND value = $3
        AND ($4::uuid IS NULL OR id <> $4) LIMIT 1`,
    [option.module, option.group, option.value, exceptId ?? null],
  );
  return rows.length > 0;
}

/** A group's options, locked for a reorder, in their current order. */
export async function lockGroupOptions(tx: Queryable, module: string, group: string): Promise<DropdownItem[]> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `${OPTIONS.select} WHERE module = $1 AND group_name = $2 ORDER BY sort_order, label, id FOR UPDATE`,
    [module, group],
  );
  return rows.map(OPTIONS.toItem);
}

/** Numbers the given options 1, 2, 3, … in the order given; only the ones whose place changed get a new version. */
export async function setOptionOrder(tx: Queryable, ids: readonly string[]): Promise<void> {
  await tx.query(
    `UPDATE dropdown_options o SET sort_order = t.ord::int, version = o.version + 1, updated_at = now()
       FROM unnest($1::uuid[]) WITH ORDINALITY AS t(id, ord)
      WHERE o.id = t.id AND o.sort_order <> t.ord::int`,
    [ids],
  );
}
