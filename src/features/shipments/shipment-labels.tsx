import { formatDate } from '../../lib/i18n/format';
import { PENDING_MARK } from '../../lib/outbox/optimistic';
import { Pill } from '../../lib/ui/pill';
import type { ShipmentMode, ShipmentStatus } from '../../shared/shipments/codes';
import { shipmentsT, useShipmentsT } from './strings';

const STATUS_PALETTE: Record<ShipmentStatus, string> = {
  draft: 'gray',
  booked: 'blue',
  'in-transit': 'purple',
  arrived: 'teal',
  delivered: 'green',
  closed: 'gray',
  cancelled: 'red',
};

/** A shipment's status in words with its colour; a shipment still in the outbox has none yet. */
export function StatusBadge({ status }: { status: ShipmentStatus | undefined }) {
  const t = useShipmentsT();
  if (!status) return <Pill colorPalette="orange">{t('notSaved')}</Pill>;
  return (
    <Pill colorPalette={STATUS_PALETTE[status]} data-status={status}>
      {t(`status.${status}`)}
    </Pill>
  );
}

export const modeLabel = (mode: ShipmentMode) => shipmentsT(`mode.${mode}`);

/** `SEA-2026-00001`, or "Number pending" for a shipment the server has not numbered yet (made offline). */
export function numberOf(row: { number?: string | undefined }): string {
  return row.number || shipmentsT('numberPending');
}

export function isPending(row: object): boolean {
  return PENDING_MARK in row;
}

/** `NLRTM → SGSIN`. */
export function routeOf(row: { origin?: string | null; destination?: string | null }): string {
  if (!row.origin && !row.destination) return '';
  return `${row.origin ?? '…'} → ${row.destination ?? '…'}`;
}

/** A calendar day (`2026-03-02`) in the user's date format; never shifted by their zone. */
export function dayOf(day: string | null | undefined): string {
  // Noon UTC is the same calendar day in every zone from UTC-12 to UTC+11.
  return day ? formatDate(`${day}T12:00:00Z`) : '';
}
