// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataUrlOf } from './data-url';

describe('dataUrlOf', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('gives the blob’s bytes and type as a data URL', async () => {
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    await expect(dataUrlOf(png)).resolves.toBe('data:image/png;base64,iVBORw==');
    await expect(dataUrlOf(new Blob(['hello'], { type: 'text/plain' }))).resolves.toBe(
      'data:text/plain;base64,aGVsbG8=',
    );
  });

  it('rejects with the reader’s error when the blob cannot be read', async () => {
    const failure = new DOMException('The file is gone.', 'NotReadableError');
    vi.spyOn(FileReader.prototype, 'readAsDataURL').mockImplementation(function (this: FileReader) {
      Object.defineProperty(this, 'error', { value: failure });
      queueMicrotask(() => this.onerror?.(new ProgressEvent('error') as ProgressEvent<FileReader>));
    });
    await expect(dataUrlOf(new Blob(['x']))).rejects.toBe(failure);
  });
});
