import type { DropdownOption } from '../../../src/shared/contracts/master-reference.ts';
import type { Queryable } from '../../db/database.ts';

export async function listDropdownOptions(tx: Queryable, module: string): Promise<DropdownOption[]> {
  const { rows } = await tx.query<{
    id: string;
    module: string;
    group_name: string;
    value: string;
    label: string;
    sort_order: number;
  }>(
    `SELECT id, module, group_name, value, label, sort_order FROM dropdown_options
      WHERE module = $1 ORDER BY group_name, sort_order, label`,
    [module],
  );
  return rows.map((r) => ({
    _id: r.id,
    module: r.module,
    group: r.group_name,
    value: r.value,
    label: r.label,
    sortOrder: r.sort_order,
  }));
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
