import { describe, expect, it } from 'vitest';
import { photoFileName, PHOTO_MAX_SIDE, scaledSize } from './scale-photo';

describe('a photo’s size after scaling', () => {
  it('brings the longer side down to 2,048 px and keeps the aspect', () => {
    expect(PHOTO_MAX_SIDE).toBe(2048);
    expect(scaledSize(4032, 3024)).toEqual({ width: 2048, height: 1536 });
    expect(scaledSize(3024, 4032)).toEqual({ width: 1536, height: 2048 });
    expect(scaledSize(5000, 5000)).toEqual({ width: 2048, height: 2048 });
    expect(scaledSize(3000, 1000)).toEqual({ width: 2048, height: 683 });
  });

  it('never enlarges a photo that already fits', () => {
    expect(scaledSize(2048, 1000)).toEqual({ width: 2048, height: 1000 });
    expect(scaledSize(640, 480)).toEqual({ width: 640, height: 480 });
  });

  it('keeps at least one pixel of a very thin picture', () => {
    expect(scaledSize(100_000, 10)).toEqual({ width: 2048, height: 1 });
    expect(scaledSize(10, 100_000)).toEqual({ width: 1, height: 2048 });
  });

  it('follows another limit when given one', () => {
    expect(scaledSize(1000, 500, 256)).toEqual({ width: 256, height: 128 });
  });
});

describe('a photo’s file name', () => {
  it('is the picture’s name as a JPEG, or a dated name for a camera that gives none', () => {
    expect(photoFileName('IMG_0042.HEIC')).toBe('IMG_0042.jpg');
    expect(photoFileName('seal photo.png')).toBe('seal photo.jpg');
    expect(photoFileName('', new Date('2026-11-27T21:40:05Z'))).toBe('photo-2026-11-27-21-40-05.jpg');
  });
});
