/**
 * Avatars (issue 11): an image the user picks, cropped to a centred square and scaled down in the
 * browser before it is uploaded through driveserver, and shown from `GET /users/{id}/avatar` as a data
 * URL (the page's Content-Security-Policy allows `data:` images, not `blob:` ones).
 */
import { useQuery } from '@tanstack/react-query';
import { apiBase } from '../api/api-base';
import { authorizedFetch } from '../api/api-client';

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

function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The image could not be read.'));
    reader.readAsDataURL(blob);
  });
}

/** The user's avatar as a data URL; nothing while `avatarFileId` is null (no request is made). */
export function useAvatarImage(userId: string | undefined, avatarFileId: string | null | undefined) {
  return useQuery({
    queryKey: ['avatar', userId, avatarFileId],
    queryFn: async ({ signal }) => {
      const response = await authorizedFetch(`${apiBase('iamserver')}/users/${encodeURIComponent(userId!)}/avatar`, {
        signal,
      });
      if (!response.ok) return null;
      return dataUrlOf(await response.blob());
    },
    enabled: Boolean(userId && avatarFileId),
    staleTime: Infinity,
    retry: false,
  }).data;
}
