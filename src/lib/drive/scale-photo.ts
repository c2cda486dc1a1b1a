/**
 * A photo taken for a record (a shipment's seal, a signed delivery note) is scaled in the browser before it
 * is kept or uploaded (issue 25): at most 2,048 px on its longer side, as a JPEG, so that a phone's 12 MP
 * picture (4 MB or more) becomes a few hundred kB that fit driveserver's 10 MB and the outbox's share of
 * the device, and still show a container number or a signature clearly.
 */

/** The longest side a photo keeps, in pixels. */
export const PHOTO_MAX_SIDE = 2048;
/** JPEG quality: text on a seal or a delivery note stays sharp. */
const PHOTO_QUALITY = 0.85;

/** The size an image of `width` × `height` is drawn at: scaled down (never up) to fit `maxSide`, aspect kept. */
export function scaledSize(
  width: number,
  height: number,
  maxSide: number = PHOTO_MAX_SIDE,
): { width: number; height: number } {
  const longer = Math.max(width, height);
  if (longer <= maxSide) return { width, height };
  const scale = maxSide / longer;
  // The longer side lands exactly on the limit; the shorter keeps the aspect, at least one pixel.
  return width >= height
    ? { width: maxSide, height: Math.max(1, Math.round(height * scale)) }
    : { width: Math.max(1, Math.round(width * scale)), height: maxSide };
}

/** The photo's file name as a JPEG (`IMG_0042.HEIC` → `IMG_0042.jpg`). */
export function photoFileName(name: string, at: Date = new Date()): string {
  const base = name.replace(/\.[^.]*$/, '').trim();
  return `${base || `photo-${at.toISOString().slice(0, 19).replace(/[:T]/g, '-')}`}.jpg`;
}

interface Drawable {
  getContext(kind: '2d'): OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
}

/** A canvas of the size: an OffscreenCanvas where there is one (no layout), else a detached `<canvas>`. */
function canvasOf(width: number, height: number): { canvas: Drawable; encode: () => Promise<Blob> } {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    return { canvas, encode: () => canvas.convertToBlob({ type: 'image/jpeg', quality: PHOTO_QUALITY }) };
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return {
    canvas,
    encode: () =>
      new Promise<Blob>((resolve, reject) =>
        canvas.toBlob(
          (blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be encoded.'))),
          'image/jpeg',
          PHOTO_QUALITY,
        ),
      ),
  };
}

/** The photo scaled to at most `maxSide` on its longer side, as a JPEG (on white: a JPEG has no transparency). */
export async function scalePhoto(file: Blob, maxSide: number = PHOTO_MAX_SIDE): Promise<Blob> {
  // The picture as the camera meant it to stand (EXIF orientation), as the browser shows it.
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const size = scaledSize(bitmap.width, bitmap.height, maxSide);
    const { canvas, encode } = canvasOf(size.width, size.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot draw images.');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size.width, size.height);
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    return await encode();
  } finally {
    bitmap.close();
  }
}
