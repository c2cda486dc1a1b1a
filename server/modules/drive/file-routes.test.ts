/**
 * `/filesystem/file` through the real driveserver on a real database: limits, type checks, tenant
 * isolation, download headers, audit.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../http/build-service-app.ts';
import { buildTestApp } from '../../testing/test-apps.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { auditCount, signIn } from '../iam/iam-resources-test-kit.ts';

const DRIVE = '/driveserver/api/v1';
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200, 0x20), Buffer.from('\n%%EOF\n')]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64, 0x90), Buffer.from([0, 0, 0x50, 0x45, 0, 0])]);

let t: TestDatabase;
let iam: App;
let drive: App;
let demo: { authorization: string };
let harbor: { authorization: string };

beforeAll(async () => {
  t = await createTestDatabase();
  ({ app: iam } = await buildTestApp('iamserver', t.db));
  ({ app: drive } = await buildTestApp('driveserver', t.db));
  demo = await signIn(iam, 'admin@demo.test');
  harbor = await signIn(iam, 'admin@harbor.test');
});
afterAll(async () => {
  await drive?.close();
  await iam?.close();
  await t?.close();
});

function upload(bytes: Buffer, headers: Record<string, string>, auth: { authorization: string } = demo, query = '') {
  return drive.inject({
    method: 'POST',
    url: `${DRIVE}/filesystem/file${query}`,
    headers: { 'content-type': 'application/octet-stream', ...auth, ...headers },
    payload: bytes,
  });
}

const fileCount = () =>
  t.db.transaction({ role: 'freight_system', companyId: null }, async (tx) => {
    const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM drive_files');
    return rows[0]!.n;
  });

describe('upload', () => {
  it('stores a PDF and serves its metadata and its content as an attachment', async () => {
    const res = await upload(PDF, { 'x-file-name': 'Rate%20sheet%20%E2%82%AC.pdf', 'x-file-type': 'application/pdf' });
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json().data;
    expect(file).toMatchObject({
      fileName: 'Rate sheet €.pdf',
      contentType: 'application/pdf',
      size: PDF.length,
      sha256: createHash('sha256').update(PDF).digest('hex'),
    });
    expect(await auditCount(t.db, { action: 'file.create', entityId: file._id })).toBe(1);

    const meta = await drive.inject({ method: 'GET', url: `${DRIVE}/filesystem/file/${file._id}`, headers: demo });
    expect(meta.statusCode).toBe(200);
    expect(meta.json().data).toEqual(file);

    const content = await drive.inject({
      method: 'GET',
      url: `${DRIVE}/filesystem/file/${file._id}/content`,
      headers: demo,
    });
    expect(content.statusCode).toBe(200);
    expect(content.rawPayload.equals(PDF)).toBe(true);
    expect(content.headers['content-type']).toBe('application/pdf');
    expect(content.headers['content-disposition']).toBe(
      `attachment; filename="Rate sheet _.pdf"; filename*=UTF-8''Rate%20sheet%20%E2%82%AC.pdf`,
    );
    expect(content.headers['x-content-type-options']).toBe('nosniff');
  });

  it('takes the type from Content-Type or the extension, and the name from the query string', async () => {
    const png = await upload(PNG, { 'content-type': 'image/png' }, demo, '?name=logo.png');
    expect(png.statusCode, png.body).toBe(201);
    expect(png.json().data.contentType).toBe('image/png');
    const csv = await upload(Buffer.from('a,b\n1,2\n'), { 'x-file-name': 'rates.csv' });
    expect(csv.statusCode, csv.body).toBe(201);
    expect(csv.json().data.contentType).toBe('text/csv');
  });

  it('refuses a file over 10 MB with 413 and stores nothing', async () => {
    const before = await fileCount();
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(11 * 1024 * 1024, 0x20)]);
    const res = await upload(big, { 'x-file-name': 'big.pdf', 'x-file-type': 'application/pdf' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The file is too large: a file can be at most 10 MB',
    });
    expect(await fileCount()).toBe(before);
  });

  it('refuses types outside the allow-list, and an executable under any name, with 415', async () => {
    const before = await fileCount();
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ 'x-file-name': 'setup.exe', 'x-file-type': 'application/x-msdownload' }, /not accepted/],
      [{ 'x-file-name': 'setup.exe' }, /could not be determined/],
      [{ 'x-file-name': 'invoice.pdf', 'x-file-type': 'application/pdf' }, /content is not PDF/],
      [{ 'x-file-name': 'photo.png', 'content-type': 'image/png' }, /content is not PNG/],
      [{ 'x-file-name': 'photo.jpg', 'x-file-type': 'image/jpeg' }, /content is not JPEG/],
      [{ 'x-file-name': 'notes.txt', 'x-file-type': 'text/plain' }, /content is not plain text/],
      [{ 'x-file-name': 'invoice.exe', 'x-file-type': 'application/pdf' }, /must end in \.pdf/],
    ];
    for (const [headers, message] of cases) {
      const res = await upload(EXE, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(415);
      expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(res.json().message).toMatch(message);
      expect(res.json().message).toContain('Allowed file types: PDF (.pdf), PNG (.png), JPEG (.jpg, .jpeg)');
    }
    const json = await drive.inject({
      method: 'POST',
      url: `${DRIVE}/filesystem/file`,
      headers: demo,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(await fileCount()).toBe(before);
  });

  it('refuses a missing name, an empty file and an anonymous caller', async () => {
    const noName = await upload(PDF, { 'x-file-type': 'application/pdf' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().code).toBe('VALIDATION_FAILED');
    const empty = await upload(Buffer.alloc(0), { 'x-file-name': 'a.txt' });
    expect(empty.statusCode).toBe(400);
    const anonymous = await drive.inject({
      method: 'POST',
      url: `${DRIVE}/filesystem/file`,
      headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'a.pdf' },
      payload: PDF,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('performs the same upload once for one Idempotency-Key', async () => {
    const before = await fileCount();
    const headers = { 'x-file-name': 'once.pdf', 'idempotency-key': 'upload-once-1' };
    const first = await upload(PDF, headers);
    const second = await upload(PDF, headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await fileCount()).toBe(before + 1);
    const other = await upload(PNG, { 'x-file-name': 'other.png', 'idempotency-key': 'upload-once-1' });
    expect(other.statusCode).toBe(422);
  });
});

describe('tenant isolation and deletion', () => {
  it('answers 404 for another company’s file on every route', async () => {
    const id = (await upload(PDF, { 'x-file-name': 'harbor.pdf' }, harbor)).json().data._id as string;
    for (const [method, url] of [
      ['GET', `${DRIVE}/filesystem/file/${id}`],
      ['GET', `${DRIVE}/filesystem/file/${id}/content`],
      ['DELETE', `${DRIVE}/filesystem/file/${id}`],
    ] as const) {
      const res = await drive.inject({ method, url, headers: demo });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    const own = await drive.inject({ method: 'GET', url: `${DRIVE}/filesystem/file/${id}`, headers: harbor });
    expect(own.statusCode).toBe(200);
  });

  it('deletes a file once, audited', async () => {
    const id = (await upload(PDF, { 'x-file-name': 'gone.pdf' })).json().data._id as string;
    const del = await drive.inject({ method: 'DELETE', url: `${DRIVE}/filesystem/file/${id}`, headers: demo });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ data: { _id: id, deleted: true } });
    expect(await auditCount(t.db, { action: 'file.delete', entityId: id })).toBe(1);
    const again = await drive.inject({ method: 'GET', url: `${DRIVE}/filesystem/file/${id}`, headers: demo });
    expect(again.statusCode).toBe(404);
    const badId = await drive.inject({ method: 'GET', url: `${DRIVE}/filesystem/file/not-a-uuid`, headers: demo });
    expect(badId.statusCode).toBe(400);
  });
});
