/**
 * The shipment form's values: the contract's create body (`createShipmentBody`'s input), filled from a
 * stored shipment or from the defaults. The form validates with that same schema (its field rules and
 * `shipmentRuleIssues`), so it says what the service would say, word for word.
 */
import type { UseFormReturn } from 'react-hook-form';
import type { CreateShipmentInput, Shipment, UpdateShipmentInput } from '../../shared/contracts/shipments';
import { SHIPMENT_DEFAULTS } from '../../shared/contracts/shipments';

/** What the form holds: every field present (the inputs are controlled), the contract's input types. */
export type ShipmentFormValues = Omit<CreateShipmentInput, '_id'>;
/** The form as its sections use it (they read and write values; the resolver's output is the screen's). */
export type ShipmentFormApi = UseFormReturn<ShipmentFormValues>;

export function newShipmentValues(): ShipmentFormValues {
  return {
    ...structuredClone(SHIPMENT_DEFAULTS),
    mode: 'sea-fcl',
    customerId: '',
  } as unknown as ShipmentFormValues;
}

export function shipmentValues(record: Shipment): ShipmentFormValues {
  return {
    mode: record.mode,
    direction: record.direction,
    customerId: record.customerId,
    shipperId: record.shipperId ?? null,
    consigneeId: record.consigneeId ?? null,
    notifyPartyId: record.notifyPartyId ?? null,
    agentId: record.agentId ?? null,
    carrierId: record.carrierId ?? null,
    incoterm: record.incoterm ?? null,
    incotermPlace: record.incotermPlace ?? '',
    freightPayment: record.freightPayment ?? null,
    origin: record.origin ?? null,
    destination: record.destination ?? null,
    placeOfReceipt: record.placeOfReceipt ?? null,
    placeOfDelivery: record.placeOfDelivery ?? null,
    etd: record.etd ?? null,
    eta: record.eta ?? null,
    carrierBookingReference: record.carrierBookingReference ?? '',
    masterBillNumber: record.masterBillNumber ?? '',
    houseBillNumber: record.houseBillNumber ?? '',
    vesselName: record.vesselName ?? '',
    vesselImo: record.vesselImo ?? '',
    voyage: record.voyage ?? '',
    flightNumber: record.flightNumber ?? '',
    containers: (record.containers ?? []).map((c) => ({ ...c, seals: [...c.seals] })),
    // Stored lines passed the service's rules: their class is one of the enum's.
    cargo: (record.cargo ?? []).map((line) => ({
      ...line,
      dangerousGoods: line.dangerousGoods ?? null,
    })) as ShipmentFormValues['cargo'],
  };
}

/** The PATCH of a stored shipment: every writable field (containers and cargo replaced whole), its version. */
export function updateBodyOf(values: Record<string, unknown>, version: number): UpdateShipmentInput {
  const { _id: _ignored, ...fields } = values;
  return { ...(fields as UpdateShipmentInput), version };
}
