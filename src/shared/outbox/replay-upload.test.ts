/**
 * The outbox's first binary entries (issue 25): a write that needs a file carries it as a Blob beside the
 * entry; the replay uploads the bytes to driveserver with a key of their own, names the new file in the
 * write, then sends the write; a second attempt after a lost answer does not upload again; a refused file
 * fails the entry with driveserver's message; the file goes with the entry.
 */
import { describe, expect, it } from 'vitest';
import {
  OUTBOX_SCHEMA_VERSION,
  OUTBOX_UPLOAD_SCHEMA_VERSION,
  upgradeOutboxEntry,
  uploadKeyOf,
  type OutboxEntry,
} from './outbox-entry';
import { outboxEntryFixture } from './outbox-entry-fixture';
import { memoryOutboxStore } from './outbox-store';
import { replayOutbox, type OutboxNotice } from './replay';

const ME = { userId: 'u1', companyId: 'c1' };
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0xff, 0xd9]);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function photoEntry(overrides: Partial<OutboxEntry> = {}): OutboxEntry {
  return outboxEntryFixture({
    schemaVersion: OUTBOX_UPLOAD_SCHEMA_VERSION,
    service: 'shipmentserver',
    path: '/shipments/s1/documents',
    method: 'POST',
    body: { type: 'photo' },
    resource: 'shipment-documents',
    recordId: null,
    version: null,
    label: 'SEA-2026-00001 · Photo · seal.jpg',
    upload: { fileName: 'seal.jpg', contentType: 'image/jpeg', size: JPEG.length, field: 'fileId', fileId: null },
    ...overrides,
  });
}

/** driveserver and shipmentserver as the contract describes them, with Idempotency-Key replays. */
function fakeServices(options: { refuseUpload?: boolean } = {}) {
  const uploads: Array<{ key: string | null; bytes: number[]; url: string }> = [];
  const attaches: Array<{ key: string | null; body: unknown }> = [];
  const answered = new Map<string, Response>();
  const handle = async (request: Request): Promise<Response> => {
    const key = request.headers.get('Idempotency-Key');
    if (key && answered.has(key)) return answered.get(key)!.clone();
    let answer: Response;
    if (request.url.includes('/driveserver/')) {
      const bytes = [...new Uint8Array(await request.arrayBuffer())];
      if (options.refuseUpload) {
        answer = json(415, { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Only PDF, PNG, JPEG … files are accepted' });
      } else {
        uploads.push({ key, bytes, url: request.url });
        answer = json(201, { data: { _id: `file-${uploads.length}`, fileName: 'seal.jpg' } });
      }
    } else {
      const body = (await request.json()) as Record<string, unknown>;
      attaches.push({ key, body });
      answer = json(201, { data: { _id: `doc-${attaches.length}`, ...body } });
    }
    if (key) answered.set(key, answer.clone());
    return answer;
  };
  return { uploads, attaches, handle };
}

function depsOf(store: ReturnType<typeof memoryOutboxStore>, send: (request: Request) => Promise<Response>) {
  const notices: OutboxNotice[] = [];
  return {
    notices,
    deps: {
      store,
      identity: () => ME,
      send,
      apiBase: (service: string) => `http://localhost/${service}/api/v1`,
      notify: (notice: OutboxNotice) => notices.push(notice),
      now: () => 1_000,
    },
  };
}

async function storeWithPhoto(entry: OutboxEntry = photoEntry()) {
  const store = memoryOutboxStore();
  await store.putBlob(entry.id, new Blob([JPEG], { type: 'image/jpeg' }));
  await store.put(entry);
  return { store, entry };
}

describe('an entry that carries a file', () => {
  it('uploads the bytes first, then sends the write naming the new file; entry and file go', async () => {
    const services = fakeServices();
    const { store, entry } = await storeWithPhoto();
    const { deps, notices } = depsOf(store, services.handle);

    const result = await replayOutbox(deps);

    expect(result).toMatchObject({ landed: 1, failed: 0, stoppedBy: null });
    expect(services.uploads).toHaveLength(1);
    expect(services.uploads[0]!.bytes).toEqual([...JPEG]);
    expect(services.uploads[0]!.key).toBe(uploadKeyOf(entry));
    expect(new URL(services.uploads[0]!.url).searchParams.get('name')).toBe('seal.jpg');
    expect(new URL(services.uploads[0]!.url).searchParams.get('type')).toBe('image/jpeg');
    expect(services.attaches).toEqual([{ key: entry.idempotencyKey, body: { type: 'photo', fileId: 'file-1' } }]);
    expect(store.entries.size).toBe(0);
    expect(store.blobs.size).toBe(0);
    expect(notices).toContainEqual(expect.objectContaining({ kind: 'landed', entryId: entry.id }));
  });

  it('keeps the uploaded file’s id when the write gets no answer, and does not upload again', async () => {
    const services = fakeServices();
    const { store, entry } = await storeWithPhoto();
    let attachCalls = 0;
    const { deps } = depsOf(store, async (request) => {
      if (request.url.includes('/shipmentserver/') && ++attachCalls === 1) throw new TypeError('Failed to fetch');
      return services.handle(request);
    });

    expect((await replayOutbox(deps)).stoppedBy).toBe('network');
    const waiting = store.entries.get(entry.id)!;
    expect(waiting.upload?.fileId).toBe('file-1');
    expect(waiting.body).toEqual({ type: 'photo', fileId: 'file-1' });
    expect(waiting.status).toBe('pending');

    const later = await replayOutbox({ ...deps, now: () => 1_000_000 });
    expect(later.landed).toBe(1);
    expect(services.uploads).toHaveLength(1);
    expect(services.attaches.at(-1)?.body).toEqual({ type: 'photo', fileId: 'file-1' });
    expect(store.entries.size).toBe(0);
  });

  it('waits while offline, with the file kept', async () => {
    const { store, entry } = await storeWithPhoto();
    const { deps } = depsOf(store, () => Promise.reject(new TypeError('Failed to fetch')));
    expect((await replayOutbox(deps)).stoppedBy).toBe('network');
    expect(store.entries.get(entry.id)).toMatchObject({ status: 'pending', attempts: 1 });
    expect(store.blobs.has(entry.id)).toBe(true);
  });

  it('fails the entry with driveserver’s message when the file is refused, and sends no write', async () => {
    const services = fakeServices({ refuseUpload: true });
    const { store, entry } = await storeWithPhoto();
    const { deps, notices } = depsOf(store, services.handle);

    expect((await replayOutbox(deps)).failed).toBe(1);
    expect(store.entries.get(entry.id)).toMatchObject({
      status: 'failed',
      error: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
    });
    expect(services.attaches).toEqual([]);
    expect(notices).toContainEqual(
      expect.objectContaining({ kind: 'failed', message: expect.stringContaining('PDF') }),
    );
  });

  it('fails, saying so, when its file is no longer on the device', async () => {
    const services = fakeServices();
    const store = memoryOutboxStore([photoEntry()]);
    const { deps } = depsOf(store, services.handle);
    expect((await replayOutbox(deps)).failed).toBe(1);
    expect([...store.entries.values()][0]).toMatchObject({ status: 'failed', error: { code: 'UPLOAD_FILE_MISSING' } });
    expect(services.uploads).toEqual([]);
  });
});

describe('stored shapes', () => {
  it('reads an entry with a file as version 2, and one without as version 1', () => {
    const withFile = photoEntry();
    expect(upgradeOutboxEntry(JSON.parse(JSON.stringify(withFile)))).toEqual(withFile);
    const plain = outboxEntryFixture();
    expect(plain.schemaVersion).toBe(OUTBOX_SCHEMA_VERSION);
    expect(upgradeOutboxEntry(plain)).toEqual(plain);
  });

  it('keeps out of the replay a version 2 entry whose file is not described', () => {
    expect(upgradeOutboxEntry({ ...photoEntry(), upload: { fileName: 'x.jpg' } })).toBeNull();
    expect(upgradeOutboxEntry({ ...photoEntry(), upload: undefined })).toBeNull();
  });
});
