/** Test helpers for the files other modules hold (avatars, logos, attachments): an upload through driveserver. */
import { expect } from 'vitest';
import type { App } from '../../http/build-service-app.ts';

export const DRIVE = '/driveserver/api/v1';

/** Uploads `bytes` as `who` through `POST /filesystem/file` and answers the new file's id (201 expected). */
export async function uploadFile(
  drive: App,
  file: { bytes: Buffer; type: string; name: string },
  who: Record<string, string>,
): Promise<string> {
  const res = await drive.inject({
    method: 'POST',
    url: `${DRIVE}/filesystem/file`,
    headers: { 'content-type': 'application/octet-stream', 'x-file-name': file.name, 'x-file-type': file.type, ...who },
    payload: file.bytes,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id as string;
}
