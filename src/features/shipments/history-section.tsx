import { Box, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { describeAudit, useAuditT } from '../../lib/audit/describe-audit';
import { formatDateTime } from '../../lib/i18n/format';
import { auditHistoryQuery, changedFields } from '../../lib/resource-kit/audit-history';
import { useCan } from '../../lib/resource-kit/permission-gate';
import type { AuditEntry } from '../../shared/contracts/log';
import type { ShipmentDocument } from '../../shared/contracts/shipment-documents';
import type { Shipment } from '../../shared/contracts/shipments';
import { SHIPMENT_AUDIT_ENTITY } from './api';
import { codeLabel } from './charge-editor';
import { lossReasonOptions, shipmentPicklistsQueryOptions } from './charges-api';
import { documentsT } from './document-strings';
import { shipmentDocumentsQueryOptions } from './documents-api';
import { milestonesT } from './milestone-strings';
import { isPending } from './shipment-labels';
import { shipmentsT, useShipmentsT } from './strings';
import { SectionPanel } from './detail-section';

/** Field names as the form labels them, so a sentence reads "ETA from 2 Mar 2026 to 4 Mar 2026". */
const FIELD_LABELS: Record<string, Parameters<typeof shipmentsT>[0]> = {
  mode: 'mode',
  direction: 'direction',
  customerId: 'customer',
  shipperId: 'shipper',
  consigneeId: 'consignee',
  notifyPartyId: 'notifyParty',
  agentId: 'agent',
  carrierId: 'carrier',
  incoterm: 'incoterm',
  incotermPlace: 'incotermPlace',
  freightPayment: 'freightPayment',
  origin: 'origin',
  destination: 'destination',
  placeOfReceipt: 'placeOfReceipt',
  placeOfDelivery: 'placeOfDelivery',
  etd: 'etd',
  eta: 'eta',
  carrierBookingReference: 'carrierBookingReference',
  masterBillNumber: 'masterBill',
  houseBillNumber: 'houseBill',
  vesselName: 'vesselName',
  vesselImo: 'vesselImo',
  voyage: 'voyage',
  flightNumber: 'flightNumber',
  containers: 'field.containers',
  cargo: 'field.cargo',
  closed: 'field.closed',
  lossReason: 'field.lossReason',
  status: 'status',
};

const HIDDEN = new Set([
  'updatedAt',
  'createdAt',
  'totals',
  'customerName',
  'searchText',
  'number',
  'closedAt',
  'closedBy',
]);

function plain(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value)) return String(value.length);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A stored value in words where it is a code (a picklist option), else undefined. */
export type ValueLabel = (field: string, value: unknown) => string | undefined;

/** One change as words: "ETA from 2026-03-02 to 2026-03-04", "ETA to 2026-03-04", "cleared ETA". */
export function changeSentence(
  change: { field: string; before: unknown; after: unknown },
  labelOf: ValueLabel = () => undefined,
): string {
  const key = FIELD_LABELS[change.field];
  const field = key ? shipmentsT(key) : change.field;
  const before = labelOf(change.field, change.before) ?? plain(change.before);
  const after = labelOf(change.field, change.after) ?? plain(change.after);
  if (Array.isArray(change.after) || Array.isArray(change.before)) return field;
  if (!after) return shipmentsT('historyCleared', { field });
  if (!before) return shipmentsT('historySet', { field, after });
  return shipmentsT('historyChange', { field, before, after });
}

interface LoggedEvent {
  code?: unknown;
  classifier?: unknown;
  at?: unknown;
  location?: unknown;
  containerNumber?: unknown;
  retracts?: unknown;
}

type MilestoneKey = Parameters<typeof milestonesT>[0];

/**
 * A milestone as its audit entry logged it, in words: "Actual “Departed”, 2 Mar 2026, 10:00 at NLRTM
 * (container MSKU6011672)". Undefined when the entry carries no event (an entry from before events were logged).
 */
export function milestoneWhat(event: LoggedEvent | undefined): string | undefined {
  if (!event || typeof event.code !== 'string' || typeof event.classifier !== 'string') return undefined;
  const at = typeof event.at === 'string' ? formatDateTime(event.at) : '';
  let what = shipmentsT('historyMilestoneWhat', {
    kind: milestonesT(`classifier.${event.classifier}` as MilestoneKey),
    event: milestonesT(`code.${event.code}` as MilestoneKey),
    at,
  });
  if (typeof event.location === 'string' && event.location) {
    what = shipmentsT('historyMilestonePlace', { what, place: event.location });
  }
  if (typeof event.containerNumber === 'string' && event.containerNumber) {
    what = shipmentsT('historyMilestoneContainer', { what, container: event.containerNumber });
  }
  return what;
}

/** One audit entry of the shipment as a sentence (record changes, milestones, and what the describer knows). */
export function historySentence(entry: AuditEntry, who: string, labelOf: ValueLabel = () => undefined): string {
  const verb = entry.action.split('.').pop();
  // Closing or reopening the job: one sentence, with the reason of a loss, not the closing's fields.
  const closing = verb === 'update' ? changedFields(entry).find((c) => c.field === 'closed') : undefined;
  if (closing && closing.after !== closing.before) {
    if (closing.after !== true) return shipmentsT('historyReopened', { who });
    const reason = ((entry.changes.after ?? {}) as { lossReason?: unknown }).lossReason;
    if (typeof reason !== 'string' || !reason) return shipmentsT('historyClosed', { who });
    return shipmentsT('historyClosedAtLoss', { who, reason: labelOf('lossReason', reason) ?? reason });
  }
  if (entry.action === 'shipment.event') {
    const event = entry.changes.event as LoggedEvent | undefined;
    const what = milestoneWhat(event);
    if (what) {
      const sentence = shipmentsT(event?.retracts ? 'historyRetracted' : 'historyMilestone', { who, what });
      const before = (entry.changes.before ?? {}) as { status?: unknown };
      const after = (entry.changes.after ?? {}) as { status?: unknown };
      if (typeof after.status === 'string' && after.status !== before.status) {
        const status = shipmentsT(`status.${after.status}` as Parameters<typeof shipmentsT>[0]);
        return `${sentence} ${shipmentsT('historyStatus', { status })}`;
      }
      return sentence;
    }
  }
  const changes = changedFields(entry)
    .filter((c) => !HIDDEN.has(c.field))
    .map((change) => changeSentence(change, labelOf));
  if (verb === 'create') return shipmentsT('historyCreated', { who });
  if (verb === 'update' && changes.length > 0)
    return shipmentsT('historyChanged', { who, changes: changes.join(shipmentsT('and')) });
  return describeAudit(entry);
}

/** One line of the history: a sentence and when it happened. */
export interface HistoryLine {
  key: string;
  sentence: string;
  at: string;
}

/**
 * The trail as one list, newest first: the shipment's audit entries (its changes and milestones, each in
 * words) and its documents (their attachments are audited as records of their own, so they are read from the
 * shipment's documents).
 */
export function historyLines(
  entries: readonly AuditEntry[],
  documents: readonly ShipmentDocument[],
  someone: string,
  labelOf: ValueLabel = () => undefined,
): HistoryLine[] {
  const lines: HistoryLine[] = [
    ...entries.map((entry) => ({
      key: entry._id,
      sentence: historySentence(entry, entry.actorName ?? someone, labelOf),
      at: entry.createdAt,
    })),
    ...documents.map((document) => ({
      key: `document:${document._id}`,
      sentence: shipmentsT('historyDocument', {
        who: document.createdByName ?? someone,
        type: documentsT(`type.${document.type}` as Parameters<typeof documentsT>[0]),
        name: document.fileName,
      }),
      at: document.createdAt,
    })),
  ];
  return lines.sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
}

/**
 * The shipment's history, newest first: every change to the record, each milestone (with what, when and
 * where) and each document or mail the services logged against it, one trail in time order.
 */
export function HistorySection({ record }: { record: Shipment }) {
  const t = useShipmentsT();
  useAuditT();
  const allowed = useCan('audit', 'read');
  const pending = isPending(record) && !record.number;
  const history = useQuery({ ...auditHistoryQuery(SHIPMENT_AUDIT_ENTITY, record._id), enabled: allowed && !pending });
  const documents = useQuery({ ...shipmentDocumentsQueryOptions(record._id), enabled: allowed && !pending });
  const picklists = useQuery({ ...shipmentPicklistsQueryOptions, enabled: allowed && !pending });
  const labelOf: ValueLabel = (field, value) =>
    field === 'lossReason' && typeof value === 'string' && picklists.data
      ? codeLabel(lossReasonOptions(picklists.data), value)
      : undefined;
  let body;
  if (!allowed) body = <Text color="fg.muted">{t('historyNotAllowed')}</Text>;
  else if (pending) body = <Text color="fg.muted">{t('historyPending')}</Text>;
  else if (history.isPending) body = <Text color="fg.muted">{t('historyLoading')}</Text>;
  else if (history.isError && !history.data) body = <Text color="fg.error">{t('historyFailed')}</Text>;
  else if (!history.data?.items.length) body = <Text color="fg.muted">{t('historyEmpty')}</Text>;
  else
    body = (
      <Stack as="ol" gap={3} listStyleType="none">
        {historyLines(history.data.items, documents.data?.items ?? [], t('someone'), labelOf).map((line) => (
          <Box as="li" key={line.key} borderLeftWidth="3px" borderColor="brand.solid" paddingStart={3}>
            <Text>{line.sentence}</Text>
            <Text textStyle="xs" color="fg.muted">
              {formatDateTime(line.at)}
            </Text>
          </Box>
        ))}
      </Stack>
    );
  return (
    <SectionPanel id="history">
      <Text as="h2" id="section-history" textStyle="lg" fontWeight="semibold" marginBottom={3}>
        {t('history')}
      </Text>
      {body}
    </SectionPanel>
  );
}
