/**
 * The records the product seeds into every company (business types, the Admin and Operations roles,
 * the starting picklists) in the user's language (issue 24). The stable key is what the seed stores
 * beside the text: a business type's `code`, a system role's name, a picklist's group and value. A row
 * is translated only while its text is still the seed's English: once someone renames it, it is the
 * company's own record and shows as typed. The English below must match the seed
 * (server/modules/iam/companies/company-provisioning.ts; `system-records.test.ts` compares them).
 */
import { defineStrings } from './define-strings';

const english = {
  'businessType.shipper': 'Shipper',
  'businessType.consignee': 'Consignee',
  'businessType.notify_party': 'Notify party',
  'businessType.agent': 'Agent',
  'businessType.carrier': 'Carrier',
  'businessType.customs_broker': 'Customs broker',
  'businessType.trucker': 'Trucker',
  'businessType.warehouse': 'Warehouse',
  'role.Admin': 'Admin',
  'role.Operations': 'Operations',
  'roleDescription.Admin': 'Every permission',
  'roleDescription.Operations': 'Day-to-day operations',
  'group.shipment_mode': 'Shipment mode',
  'group.shipment_status': 'Shipment status',
  'group.container_type': 'Container type',
  'group.incoterm': 'Incoterm',
  'option.shipment_mode.air': 'Air',
  'option.shipment_mode.ocean': 'Ocean',
  'option.shipment_mode.road': 'Road',
  'option.shipment_mode.rail': 'Rail',
  'option.shipment_status.booked': 'Booked',
  'option.shipment_status.in_transit': 'In transit',
  'option.shipment_status.arrived': 'Arrived',
  'option.shipment_status.delivered': 'Delivered',
  'option.container_type.20GP': "20' General Purpose",
  'option.container_type.40GP': "40' General Purpose",
  'option.container_type.40HC': "40' High Cube",
  'option.container_type.20RF': "20' Reefer",
  'option.incoterm.EXW': 'EXW – Ex Works',
  'option.incoterm.FCA': 'FCA – Free Carrier',
  'option.incoterm.FOB': 'FOB – Free On Board',
  'option.incoterm.CIF': 'CIF – Cost, Insurance and Freight',
  'option.incoterm.DAP': 'DAP – Delivered At Place',
  'option.incoterm.DDP': 'DDP – Delivered Duty Paid',
  'group.charge-codes': 'Charge codes',
  'group.loss-reasons': 'Loss reasons',
  'option.charge-codes.FRT': 'Freight',
  'option.charge-codes.THC': 'Terminal handling',
  'option.charge-codes.DOC': 'Documentation',
  'option.charge-codes.CUS': 'Customs clearance',
  'option.charge-codes.TRK': 'Trucking',
  'option.charge-codes.INS': 'Insurance',
  'option.loss-reasons.carrier-rate-increase': 'Carrier raised the rate after the quote',
  'option.loss-reasons.demurrage-detention': 'Demurrage or detention',
  'option.loss-reasons.exchange-rate': 'Exchange rate moved',
  'option.loss-reasons.strategic-price': 'Strategic price for the customer',
  'option.loss-reasons.claim': 'Cargo claim or damage',
  'option.loss-reasons.other': 'Other',
} as const;

const {
  t,
  useT,
  english: seeded,
} = defineStrings('systemRecords', english, {
  'businessType.shipper': 'Cargador',
  'businessType.consignee': 'Consignatario',
  'businessType.notify_party': 'Parte a notificar',
  'businessType.agent': 'Agente',
  'businessType.carrier': 'Transportista',
  'businessType.customs_broker': 'Agente de aduanas',
  'businessType.trucker': 'Transportista por carretera',
  'businessType.warehouse': 'Almacén',
  'role.Admin': 'Administrador',
  'role.Operations': 'Operaciones',
  'roleDescription.Admin': 'Todos los permisos',
  'roleDescription.Operations': 'Operaciones del día a día',
  'group.shipment_mode': 'Modo de envío',
  'group.shipment_status': 'Estado del envío',
  'group.container_type': 'Tipo de contenedor',
  'group.incoterm': 'Incoterm',
  'option.shipment_mode.air': 'Aéreo',
  'option.shipment_mode.ocean': 'Marítimo',
  'option.shipment_mode.road': 'Carretera',
  'option.shipment_mode.rail': 'Ferrocarril',
  'option.shipment_status.booked': 'Reservado',
  'option.shipment_status.in_transit': 'En tránsito',
  'option.shipment_status.arrived': 'Llegado',
  'option.shipment_status.delivered': 'Entregado',
  'option.container_type.20GP': "20' uso general",
  'option.container_type.40GP': "40' uso general",
  'option.container_type.40HC': "40' High Cube",
  'option.container_type.20RF': "20' refrigerado",
  'option.incoterm.EXW': 'EXW – En fábrica',
  'option.incoterm.FCA': 'FCA – Franco transportista',
  'option.incoterm.FOB': 'FOB – Franco a bordo',
  'option.incoterm.CIF': 'CIF – Coste, seguro y flete',
  'option.incoterm.DAP': 'DAP – Entregada en lugar',
  'option.incoterm.DDP': 'DDP – Entregada con derechos pagados',
  'group.charge-codes': 'Códigos de cargo',
  'group.loss-reasons': 'Motivos de pérdida',
  'option.charge-codes.FRT': 'Flete',
  'option.charge-codes.THC': 'Manipulación en terminal',
  'option.charge-codes.DOC': 'Documentación',
  'option.charge-codes.CUS': 'Despacho de aduanas',
  'option.charge-codes.TRK': 'Transporte por carretera',
  'option.charge-codes.INS': 'Seguro',
  'option.loss-reasons.carrier-rate-increase': 'El transportista subió la tarifa después de la cotización',
  'option.loss-reasons.demurrage-detention': 'Demora o detención de contenedores',
  'option.loss-reasons.exchange-rate': 'Variación del tipo de cambio',
  'option.loss-reasons.strategic-price': 'Precio estratégico para el cliente',
  'option.loss-reasons.claim': 'Reclamación o daño de la mercancía',
  'option.loss-reasons.other': 'Otro',
});

/** Re-renders the caller on a language change. */
export const useSystemRecordsT = useT;

export { seeded as SEEDED_ENGLISH };

type Key = keyof typeof english;

/** `text` in the user's language when it is still the seed's text under `key`; else as typed. */
function asSeeded(key: string, text: string): string {
  if (!Object.hasOwn(english, key) || english[key as Key] !== text) return text;
  return t(key as Key);
}

export const businessTypeName = (type: { code?: string | null; name: string }) =>
  type.code ? asSeeded(`businessType.${type.code}`, type.name) : type.name;

export const roleName = (role: { isSystem?: boolean | null; name: string }) =>
  role.isSystem ? asSeeded(`role.${role.name}`, role.name) : role.name;

/** A role's description; a system role's is keyed by the seed's name (a renamed role keeps its own text). */
export const roleDescription = (role: { isSystem?: boolean | null; name: string; description: string }) =>
  role.isSystem ? asSeeded(`roleDescription.${role.name}`, role.description) : role.description;

export const picklistGroupLabel = (group: { name: string; label: string }) =>
  asSeeded(`group.${group.name}`, group.label);

export const picklistOptionLabel = (option: { group: string; value: string; label: string }) =>
  asSeeded(`option.${option.group}.${option.value}`, option.label);
