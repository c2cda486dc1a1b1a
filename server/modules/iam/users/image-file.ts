/**
 * The pictures of the settings screens (a user's avatar, the company's logo) are image files of the
 * company's drive, small enough to show everywhere: PNG, JPEG or WebP of at most 1 MB.
 */
import { ERROR_CODES } from '../../../../src/shared/api-envelope.ts';
import { AVATAR_CONTENT_TYPES, AVATAR_MAX_BYTES } from '../../../../src/shared/contracts/profile.ts';
import type { Queryable } from '../../../db/database.ts';
import { mayAttachFile } from '../../../files/file-holders.ts';
import { ApiError } from '../../../http/api-error.ts';
import type { AuthContext } from '../../../http/auth-context.ts';
import { findFile } from '../../drive/file-repository.ts';

/**
 * 400 naming `path` unless `fileId` is an acceptable image of the transaction's company that the caller
 * may read (null clears).
 */
export async function assertPictureFile(
  tx: Queryable,
  auth: AuthContext,
  fileId: string | null | undefined,
  path: string,
): Promise<void> {
  if (!fileId) return;
  const found = await findFile(tx, fileId);
  const file = found && (await mayAttachFile(tx, auth, found._id)) ? found : undefined;
  const problem = !file
    ? 'is not a file of this company'
    : !(AVATAR_CONTENT_TYPES as readonly string[]).includes(file.contentType)
      ? 'must be a PNG, JPEG or WebP image'
      : file.size > AVATAR_MAX_BYTES
        ? 'must be at most 1 MB'
        : undefined;
  if (problem) {
    throw new ApiError(400, ERROR_CODES.VALIDATION_FAILED, 'The request is not valid', {
      details: [{ path, message: problem }],
    });
  }
}
