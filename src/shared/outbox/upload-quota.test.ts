import { describe, expect, it } from 'vitest';
import { outboxEntryFixture } from './outbox-entry-fixture';
import { fitsInUploadQueue, MAX_QUEUED_UPLOAD_BYTES, queuedUploadBytes, queuedUploadLimit } from './upload-quota';

const MB = 1024 * 1024;
const upload = (size: number, fileId: string | null = null) =>
  outboxEntryFixture({ upload: { fileName: 'p.jpg', contentType: 'image/jpeg', size, field: 'fileId', fileId } });

describe('the space queued files may take', () => {
  it('counts the files of every waiting entry that carries one, until the entry is sent', () => {
    expect(queuedUploadBytes([upload(3 * MB), outboxEntryFixture(), upload(2 * MB, 'uploaded-already')])).toBe(5 * MB);
    expect(queuedUploadBytes([])).toBe(0);
  });

  it('is 200 MB where the browser grants plenty, or says nothing', () => {
    expect(queuedUploadLimit(0, undefined)).toBe(MAX_QUEUED_UPLOAD_BYTES);
    expect(queuedUploadLimit(0, {})).toBe(MAX_QUEUED_UPLOAD_BYTES);
    expect(queuedUploadLimit(50 * MB, { quota: 10_000 * MB, usage: 300 * MB })).toBe(200 * MB);
  });

  it('is less on a device short of space: what is queued plus half of what is still free', () => {
    expect(queuedUploadLimit(0, { quota: 100 * MB, usage: 20 * MB })).toBe(40 * MB);
    expect(queuedUploadLimit(30 * MB, { quota: 100 * MB, usage: 60 * MB })).toBe(50 * MB);
    expect(queuedUploadLimit(10 * MB, { quota: 100 * MB, usage: 120 * MB })).toBe(10 * MB);
  });

  it('takes a file that fits under the limit and refuses one that does not', () => {
    const space = { used: 199 * MB, limit: MAX_QUEUED_UPLOAD_BYTES };
    expect(fitsInUploadQueue(space, MB)).toBe(true);
    expect(fitsInUploadQueue(space, MB + 1)).toBe(false);
    expect(fitsInUploadQueue({ used: 0, limit: 0 }, 1)).toBe(false);
  });
});
