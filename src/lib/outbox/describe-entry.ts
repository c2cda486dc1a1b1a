/**
 * A waiting change in words (issue 24): "Contact Rotterdam Reefer Lines: city → Rotterdam", not a method
 * and a path. The record's kind comes from its resource, the fields from the entry's body (only those that
 * differ from the record the device held, when known), values as a person reads them.
 */
import type { OutboxEntry } from '../../shared/outbox/outbox-entry';
import { formatBytes } from '../drive/format-bytes';
import { formatNumber } from '../i18n/format';
import { PICTURE_WRITES, pictureKindOf } from './picture-entries';
import { outboxT } from './strings';

type Key = Parameters<typeof outboxT>[0];

const NOUNS: Record<string, Key> = {
  contacts: 'noun.contacts',
  'contact-tags': 'noun.contact-tags',
  shipments: 'noun.shipments',
  'shipment-charges': 'noun.shipment-charges',
  'shipment-documents': 'noun.shipment-documents',
  reports: 'noun.reports',
  issues: 'noun.issues',
  'business-types': 'noun.business-types',
  'receiving-locations': 'noun.receiving-locations',
  'company-currencies': 'noun.company-currencies',
  'dropdown-groups': 'noun.dropdown-groups',
  'dropdown-options': 'noun.dropdown-options',
  'mail-templates': 'noun.mail-templates',
};

const FIELDS: Record<string, Key> = {
  name: 'field.name',
  city: 'field.city',
  country: 'field.country',
  email: 'field.email',
  phone: 'field.phone',
  address: 'field.address',
  notes: 'field.notes',
  taxId: 'field.taxId',
  typeIds: 'field.typeIds',
  tagIds: 'field.tagIds',
  title: 'field.title',
  description: 'field.description',
  subject: 'field.subject',
  code: 'field.code',
  unitPrice: 'field.unitPrice',
  quantity: 'field.quantity',
  currency: 'field.currency',
  chargeCode: 'field.chargeCode',
};

/** `taxId` → "tax id": the field's own name, spelled out, when it has no label of its own. */
function fieldName(field: string): string {
  const key = FIELDS[field];
  if (key) return outboxT(key);
  return field
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
}

function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return outboxT('value.empty');
  if (typeof value === 'boolean') return outboxT(value ? 'value.yes' : 'value.no');
  if (Array.isArray(value)) return outboxT('value.items', { count: value.length });
  if (typeof value === 'object') return '…';
  const text = String(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/** A size in megabytes, as the outbox states the space its files take: "0.8 MB", "200 MB". */
export function megabytes(bytes: number): string {
  return `${formatNumber(bytes / (1024 * 1024), { maximumFractionDigits: 1 })} MB`;
}

/** The record's kind and name: "Contact Rotterdam Reefer Lines". */
export function entryTitle(entry: Pick<OutboxEntry, 'resource' | 'label' | 'recordId'>): string {
  const key = NOUNS[entry.resource];
  const noun = key ? outboxT(key) : outboxT('noun.record');
  return `${noun} ${entry.label || entry.recordId || ''}`.trim();
}

/** The changes of an update as "field → value" parts; empty for a create or a delete. */
export function entryChanges(entry: Pick<OutboxEntry, 'method' | 'body' | 'changedFields'>): string[] {
  if (entry.method === 'DELETE' || entry.method === 'POST' || !entry.body) return [];
  const body = entry.body;
  const fields = (entry.changedFields ?? Object.keys(body)).filter((field) => field !== 'version' && field in body);
  return fields.map((field) => outboxT('change', { field: fieldName(field), value: valueText(body[field]) }));
}

/** One line for the outbox and its dialogs: "Contact Rotterdam Reefer Lines: city → Rotterdam". */
export function describeOutboxEntry(
  entry: Pick<OutboxEntry, 'resource' | 'label' | 'recordId' | 'method' | 'body' | 'changedFields' | 'upload'>,
): string {
  const picture = pictureKindOf(entry);
  if (picture) {
    // "Your picture: to be uploaded (14 KB)": a picture is small, so its size in bytes as people read them.
    const title = outboxT(`picture.${picture}`);
    if (entry.upload && entry.upload.fileId === null)
      return outboxT('toUpload', { title, size: formatBytes(entry.upload.size) });
    // A removal sends null; a picture already uploaded waits only for its write.
    const removed = !entry.upload && entry.body?.[PICTURE_WRITES[picture].field] === null;
    return outboxT(removed ? 'toRemovePicture' : 'toSetPicture', { title });
  }
  const title = entryTitle(entry);
  if (entry.upload && entry.upload.fileId === null)
    return outboxT('toUpload', { title, size: megabytes(entry.upload.size) });
  if (entry.method === 'DELETE') return outboxT('toDelete', { title });
  if (entry.method === 'POST') return outboxT('toCreate', { title });
  const changes = entryChanges(entry);
  return changes.length > 0 ? outboxT('toChange', { title, changes: changes.join(', ') }) : title;
}
