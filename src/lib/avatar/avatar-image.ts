/**
 * Pictures (issue 11): an avatar is cropped to a centred square and a logo scaled down in the browser
 * before it is uploaded through driveserver; both are shown from iamserver (`GET /users/{id}/avatar`,
 * `GET /companies/{id}/logo`) as data URLs (the page's Content-Security-Policy allows `data:` images, not
 * `blob:` ones).
 */
import { useQuery } from '@tanstack/react-query';
import { apiBase } from '../api/api-base';
import { authorizedFetch } from '../api/api-client';
import { dataUrlOf } from '../drive/data-url';

/** The side of the stored square, in pixels: sharp at 2x in the largest place an avatar shows (64 px). */
export const AVATAR_SIZE = 256;

/** The largest centred square of the image, scaled to `size` × `size`, as a JPEG. */
export async function cropToSquare(file: Blob, size: number = AVATAR_SIZE): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  try {
    const side = Math.min(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot draw images.');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size, size);
    context.drawImage(bitmap, (bitmap.width - side) / 2, (bitmap.height - side) / 2, side, side, 0, 0, size, size);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('The image could not be encoded.'))),
        'image/jpeg',
        0.88,
      ),
    );
  } finally {
    bitmap.close();
  }
}

/**
 * A picture of iamserver (`path`, such as `/users/{id}/avatar`) as a data URL; nothing while `fileId` is
 * null (no request is made). A new file id is a new picture.
 */
export function usePicture(path: string, fileId: string | null | undefined) {
  return useQuery({
    queryKey: ['picture', path, fileId],
    queryFn: async ({ signal }) => {
      const response = await authorizedFetch(`${apiBase('iamserver')}${path}`, { signal });
      if (!response.ok) return null;
      return dataUrlOf(await response.blob());
    },
    enabled: Boolean(fileId),
    staleTime: Infinity,
    retry: false,
  }).data;
}

/** The image scaled down (never up) so that its longer side is at most `maxSide`, as a PNG (logos keep transparency). */
export async function scaleDown(file: Blob, maxSide: number): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  try {
    const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot draw images.');
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('The image could not be encoded.'))),
        'image/png',
      ),
    );
  } finally {
    bitmap.close();
  }
}
