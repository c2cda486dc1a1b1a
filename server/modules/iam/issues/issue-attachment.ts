/**
 * A report's attachment is a file its reporter uploaded to driveserver: any type driveserver accepts (it
 * already checked the type and the 10 MB limit), but a file of the issue's own company.
 */
import { ERROR_CODES } from '../../../../src/shared/api-envelope.ts';
import type { Queryable } from '../../../db/database.ts';
import { mayAttachFile } from '../../../files/file-holders.ts';
import { ApiError } from '../../../http/api-error.ts';
import type { AuthContext } from '../../../http/auth-context.ts';
import { findFile } from '../../drive/file-repository.ts';

/**
 * 400 naming `body.attachmentFileId` unless `fileId` is a file of the transaction's company that the
 * caller may read (null: none).
 */
export async function assertAttachmentFile(
  tx: Queryable,
  auth: AuthContext,
  fileId: string | null | undefined,
): Promise<void> {
  if (!fileId) return;
  // Row-level security: another company's file is simply not found.
  const file = await findFile(tx, fileId);
  if (file && (await mayAttachFile(tx, auth, file._id))) return;
  throw new ApiError(400, ERROR_CODES.VALIDATION_FAILED, 'The request is not valid', {
    details: [{ path: 'body.attachmentFileId', message: 'is not a file of this company' }],
  });
}
