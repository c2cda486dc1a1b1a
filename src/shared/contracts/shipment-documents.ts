/**
 * A shipment's documents, `/shipments/{id}/documents` (docs/shipments.md): `POST { fileId, type }` attaches a
 * driveserver file of the company, `GET` lists them with the file's name, size and type and who attached
 * them when, `DELETE …/documents/{documentId}` detaches one. The shipment then holds the file: it is read
 * (`GET /driveserver/api/v1/filesystem/file/{fileId}/content`) with the shipment's permission.
 */
import { z } from 'zod';
import { listQuerySchema } from './resource-contract.ts';

/** What a document proves, in the order the screen offers them. */
export const SHIPMENT_DOCUMENT_TYPES = [
  'bill-of-lading',
  'air-waybill',
  'commercial-invoice',
  'packing-list',
  'certificate-of-origin',
  'delivery-order',
  'proof-of-delivery',
  'photo',
  'other',
] as const;
export type ShipmentDocumentType = (typeof SHIPMENT_DOCUMENT_TYPES)[number];

export const createShipmentDocumentBody = z.strictObject({
  fileId: z.uuid('the id of a file of the company’s drive'),
  type: z.enum(SHIPMENT_DOCUMENT_TYPES, `one of ${SHIPMENT_DOCUMENT_TYPES.join(', ')}`),
});
export type CreateShipmentDocumentInput = z.input<typeof createShipmentDocumentBody>;

export const shipmentDocumentSchema = z.object({
  _id: z.string(),
  shipmentId: z.string(),
  fileId: z.string(),
  type: z.enum(SHIPMENT_DOCUMENT_TYPES),
  fileName: z.string(),
  /** Bytes. */
  size: z.number().int(),
  contentType: z.string(),
  createdBy: z.string().nullable(),
  /** The name of the user who attached it, as the user is named now. */
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type ShipmentDocument = z.infer<typeof shipmentDocumentSchema>;

export const SHIPMENT_DOCUMENT_SORT_FIELDS = ['createdAt', 'type', 'fileName'] as const;
export const shipmentDocumentListQuery = listQuerySchema(SHIPMENT_DOCUMENT_SORT_FIELDS);
