/** driveserver's files (`/filesystem/file`): the metadata of one stored file, the upload's query. */
import { z } from 'zod';

export const fileMetadataSchema = z.object({
  _id: z.string(),
  companyId: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});

/** `POST /filesystem/file` (raw body): the name and type when not sent as headers. */
export const uploadQuerySchema = z.strictObject({
  name: z.string().max(1024).optional(),
  type: z.string().max(255).optional(),
});

/** `DELETE /filesystem/file/{id}`. */
export const fileDeletedAnswerSchema = z.object({ _id: z.string(), deleted: z.literal(true) });

export type FileMetadata = z.infer<typeof fileMetadataSchema>;
