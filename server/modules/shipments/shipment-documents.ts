/**
 * A shipment's documents, `/shipments/{id}/documents` (docs/shipments.md), on the kit's child resource:
 * list, read, attach (`POST { fileId, type }`) and detach (`DELETE`), each behind the `shipments`
 * permission (403 before validation), idempotent with `Idempotency-Key`, audited as
 * `shipmentDocument.create|delete` (the item names its shipment), under row-level security. Attaching makes
 * the shipment a holder of the file (server/files/file-holders.ts), so the file is then read with the
 * shipment's permission; only a file the caller may already read can be attached. Detaching leaves the file
 * in the drive.
 */
import { ERROR_CODES } from '../../../src/shared/api-envelope.ts';
import {
  createShipmentDocumentBody,
  shipmentDocumentListQuery,
  shipmentDocumentSchema,
  type ShipmentDocument,
} from '../../../src/shared/contracts/shipment-documents.ts';
import { mayAttachFile } from '../../files/file-holders.ts';
import { ApiError } from '../../http/api-error.ts';
import { defineChildResource } from '../../http/child-resource.ts';
import { findFile } from '../drive/file-repository.ts';
import { documentOfFile, shipmentDocumentRepository } from './shipment-document-repository.ts';
import { shipmentResource } from './shipment-resource.ts';

export const shipmentDocumentResource = defineChildResource({
  path: '/documents',
  entity: 'shipmentDocument',
  label: 'Document',
  parent: { ...shipmentResource, permission: 'shipments' },
  tag: 'shipments',
  operations: ['list', 'read', 'create', 'delete'],
  schemas: {
    item: shipmentDocumentSchema,
    listQuery: shipmentDocumentListQuery,
    create: createShipmentDocumentBody,
  },
  defaultSort: { field: 'createdAt', descending: false },
  summaries: {
    list: 'A shipment’s documents, with each file’s name, size and type and who attached it when',
    create: 'Attach a file of the company’s drive to the shipment as a document of a type',
    delete: 'Detach a document from the shipment (the file stays in the drive)',
  },
  repository: shipmentDocumentRepository,
  // The attaching user's name follows from the users table: the trail holds what was written.
  auditable: ({ createdByName: _name, ...rest }: ShipmentDocument) => rest,
  hooks: {
    beforeCreate: async (ctx, body) => {
      const shipmentId = (ctx.req.params as { parentId: string }).parentId;
      const found = await findFile(ctx.tx, body.fileId);
      // Another company's file, or one of a record the caller may not read, is as if it did not exist.
      if (!found || !(await mayAttachFile(ctx.tx, ctx.auth, found._id)))
        throw new ApiError(400, ERROR_CODES.VALIDATION_FAILED, 'The request is not valid', {
          details: [{ path: 'body.fileId', message: 'is not a file of this company' }],
        });
      const attached = await documentOfFile(ctx.tx, shipmentId, found._id);
      if (attached)
        throw new ApiError(409, ERROR_CODES.ALREADY_EXISTS, `This file is already attached to the shipment`, {
          details: [{ path: 'body.fileId', message: `already attached as ${attached.type}` }],
        });
      return { companyId: ctx.companyId, createdBy: ctx.auth.userId, fileId: found._id, type: body.type };
    },
  },
});
