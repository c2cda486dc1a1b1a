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

/** The picklists every new company starts with. */
export const DEFAULT_DROPDOWNS: ReadonlyArray<{ group: string; value: string; label: string }> = [
  { group: 'shipment_mode', value: 'air', label: 'Air' },
  { group: 'shipment_mode', value: 'ocean', label: 'Ocean' },
  { group: 'shipment_mode', value: 'road', label: 'Road' },
  { group: 'shipment_mode', value: 'rail', label: 'Rail' },
  { group: 'shipment_status', value: 'booked', label: 'Booked' },
  { group: 'shipment_status', value: 'in_transit', label: 'In transit' },
  { group: 'shipment_status', value: 'arrived', label: 'Arrived' },
  { group: 'shipment_status', value: 'delivered', label: 'Delivered' },
  { group: 'container_type', value: '20GP', label: "20' General Purpose" },
  { group: 'container_type', value: '40GP', label: "40' General Purpose" },
  { group: 'container_type', value: '40HC', label: "40' High Cube" },
  { group: 'container_type', value: '20RF', label: "20' Reefer" },
  { group: 'incoterm', value: 'EXW', label: 'EXW – Ex Works' },
  { group: 'incoterm', value: 'FCA', label: 'FCA – Free Carrier' },
  { group: 'incoterm', value: 'FOB', label: 'FOB – Free On Board' },
  { group: 'incoterm', value: 'CIF', label: 'CIF – Cost, Insurance and Freight' },
  { group: 'incoterm', value: 'DAP', label: 'DAP – Delivered At Place' },
  { group: 'incoterm', value: 'DDP', label: 'DDP – Delivered Duty Paid' },
];

export async function insertDefaultDropdowns(tx: Queryable, companyId: string): Promise<void> {
  const groups = DEFAULT_DROPDOWNS.map((d) => d.group);
  await tx.query(
    `INSERT INTO dropdown_options (company_id, module, group_name, value, label, sort_order)
     SELECT $1, 'home', g, v, l, ord::int
       FROM unnest($2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS t(g, v, l, ord)
     ON CONFLICT DO NOTHING`,
    [companyId, groups, DEFAULT_DROPDOWNS.map((d) => d.value), DEFAULT_DROPDOWNS.map((d) => d.label)],
  );
}
