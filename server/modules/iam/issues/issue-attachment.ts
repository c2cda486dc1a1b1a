/**
 * A report's attachment is a file its reporter uploaded to driveserver: any type driveserver accepts (it
 * already checked the type and the 10 MB limit), but a file of the issue's own company.
 */
import { ERROR_CODES } from '../../../../src/shared/api-envelope.ts';
import type { Queryable } from '../../../db/database.ts';
import { ApiError } from '../../../http/api-error.ts';
import { findFile } from '../../drive/file-repository.ts';

/** 400 naming `body.attachmentFileId` unless `fileId` is a file of the transaction's company (null: none). */
export async function assertAttachmentFile(tx: Queryable, fileId: string | null | undefined): Promise<void> {
  if (!fileId) return;
  // Row-level security: another company's file is simply not found.
  if (await findFile(tx, fileId)) return;
  throw new ApiError(400, ERROR_CODES.VALIDATION_FAILED, 'The request is not valid', {
    details: [{ path: 'body.attachmentFileId', message: 'is not a file of this company' }],
  });
}
