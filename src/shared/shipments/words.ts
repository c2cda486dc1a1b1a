/**
 * A shipment's codes as English words, for what is read outside the app (a report's CSV and XLSX); the
 * app's screens have their own words in each language.
 */
import type { ShipmentDirection, ShipmentMode, ShipmentStatus } from './codes.ts';

export const SHIPMENT_MODE_WORDS: Readonly<Record<ShipmentMode, string>> = {
  'sea-fcl': 'Sea, full container',
  'sea-lcl': 'Sea, groupage',
  air: 'Air',
  road: 'Road',
};

export const SHIPMENT_DIRECTION_WORDS: Readonly<Record<ShipmentDirection, string>> = {
  export: 'Export',
  import: 'Import',
  'cross-trade': 'Cross-trade',
  domestic: 'Domestic',
};

export const SHIPMENT_STATUS_WORDS: Readonly<Record<ShipmentStatus, string>> = {
  draft: 'Draft',
  booked: 'Booked',
  'in-transit': 'In transit',
  arrived: 'Arrived',
  delivered: 'Delivered',
  closed: 'Closed',
  cancelled: 'Cancelled',
};
