/**
 * A shipment's documents, `/shipments/{id}/documents` (docs/shipments.md), called as the app calls them:
 * a file of the company's drive attached by type and listed with its name, size, type and who attached it;
 * the same Idempotency-Key stored once; every attach and detach in the audit trail; the file then read with
 * the shipment's permission (a role without `shipments.read` does not see it); and no other company sees,
 * attaches or detaches anything.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAnswer } from '../../../src/shared/contracts/resource-contract.ts';
import { shipmentDocumentSchema } from '../../../src/shared/contracts/shipment-documents.ts';
import type { App } from '../../http/build-service-app.ts';
import { buildTestApp } from '../../testing/test-apps.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { DRIVE, uploadFile } from '../drive/drive-test-kit.ts';
import { auditCount, signIn } from '../iam/iam-resources-test-kit.ts';

const SHIPMENTS = '/shipmentserver/api/v1';
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const PDF = Buffer.from('%PDF-1.4\n% a bill of lading\n');
type Who = { authorization: string };

let t: TestDatabase;
let shipments: App;
let contacts: App;
let drive: App;
let iam: App;
let admin: Who;
let ops: Who;
let harbor: Who;
let customer: string;

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who: Who, payload?: object, key?: string) =>
  shipments.inject({
    method,
    url: `${SHIPMENTS}${url}`,
    headers: { ...who, ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });

const documentList = listAnswer(shipmentDocumentSchema);

beforeAll(async () => {
  t = await createTestDatabase();
  ({ app: shipments } = await buildTestApp('shipmentserver', t.db));
  ({ app: contacts } = await buildTestApp('contactserver', t.db));
  ({ app: drive } = await buildTestApp('driveserver', t.db));
  ({ app: iam } = await buildTestApp('iamserver', t.db));
  admin = await signIn(iam, 'admin@demo.test');
  ops = await signIn(iam, 'ops@demo.test');
  harbor = await signIn(iam, 'admin@harbor.test');
  const res = await contacts.inject({
    method: 'POST',
    url: '/contactserver/api/v1/contacts',
    headers: admin,
    payload: { name: 'Document Customer BV' },
  });
  customer = (res.json() as { data: { _id: string } }).data._id;
});
afterAll(async () => {
  await shipments?.close();
  await contacts?.close();
  await drive?.close();
  await iam?.close();
  await t?.close();
});

async function newShipment(who: Who = admin, customerId = customer): Promise<string> {
  const res = await call('POST', '/shipments', who, {
    mode: 'sea-fcl',
    customerId,
    origin: 'NLRTM',
    destination: 'SGSIN',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id as string;
}

const photo = (who: Who = admin, name = 'seal.png') => uploadFile(drive, { bytes: PNG, type: 'image/png', name }, who);
const bill = (who: Who = admin) =>
  uploadFile(drive, { bytes: PDF, type: 'application/pdf', name: 'HBL 0042.pdf' }, who);

async function documentsOf(shipmentId: string, who: Who = admin) {
  const res = await call('GET', `/shipments/${shipmentId}/documents`, who);
  expect(res.statusCode, res.body).toBe(200);
  return documentList.parse(res.json());
}

const fileAs = (fileId: string, who: Who, suffix = '') =>
  drive.inject({ method: 'GET', url: `${DRIVE}/filesystem/file/${fileId}${suffix}`, headers: who });

describe('attaching, listing and detaching', () => {
  it('attaches a file by type and lists it with the file’s name, size and type and who attached it', async () => {
    const s = await newShipment();
    const fileId = await bill();
    const res = await call('POST', `/shipments/${s}/documents`, ops, { fileId, type: 'bill-of-lading' });
    expect(res.statusCode, res.body).toBe(201);
    const attached = shipmentDocumentSchema.parse(res.json().data);
    expect(attached).toMatchObject({
      shipmentId: s,
      fileId,
      type: 'bill-of-lading',
      fileName: 'HBL 0042.pdf',
      size: PDF.length,
      contentType: 'application/pdf',
      createdByName: expect.any(String),
    });

    const second = await call('POST', `/shipments/${s}/documents`, admin, { fileId: await photo(), type: 'photo' });
    expect(second.statusCode, second.body).toBe(201);
    const list = await documentsOf(s);
    expect(list.meta.total).toBe(2);
    expect(list.data.map((d) => d.type)).toEqual(['bill-of-lading', 'photo']);
    expect(list.data[0]!.createdBy).not.toBe(list.data[1]!.createdBy);
    expect((await call('GET', `/shipments/${s}/documents?search=hbl`, admin)).json().meta.total).toBe(1);
    expect((await call('GET', `/shipments/${s}/documents/${attached._id}`, admin)).json().data.fileName).toBe(
      'HBL 0042.pdf',
    );

    const detached = await call('DELETE', `/shipments/${s}/documents/${attached._id}`, admin);
    expect(detached.statusCode, detached.body).toBe(200);
    expect(detached.json().data).toEqual({ _id: attached._id, deleted: true });
    expect((await documentsOf(s)).data.map((d) => d.type)).toEqual(['photo']);
    // The file stays in the drive, no longer held by the shipment.
    expect((await fileAs(fileId, admin)).statusCode).toBe(200);
    expect(await auditCount(t.db, { action: 'shipmentDocument.create', entityId: attached._id })).toBe(1);
    expect(await auditCount(t.db, { action: 'shipmentDocument.delete', entityId: attached._id })).toBe(1);
  });

  it('stores a write sent twice with one Idempotency-Key once, and replays the answer', async () => {
    const s = await newShipment();
    const fileId = await photo();
    const key = randomUUID();
    const first = await call('POST', `/shipments/${s}/documents`, admin, { fileId, type: 'photo' }, key);
    const again = await call('POST', `/shipments/${s}/documents`, admin, { fileId, type: 'photo' }, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data._id).toBe(first.json().data._id);
    expect((await documentsOf(s)).meta.total).toBe(1);
    expect(await auditCount(t.db, { action: 'shipmentDocument.create', entityId: first.json().data._id })).toBe(1);
    // Without the key, the same file again is refused: a file is attached to a shipment once.
    const twice = await call('POST', `/shipments/${s}/documents`, admin, { fileId, type: 'other' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('ALREADY_EXISTS');
  });

  it('names what is wrong: an unknown type, a file id that is no file of the company', async () => {
    const s = await newShipment();
    const wrongType = await call('POST', `/shipments/${s}/documents`, admin, { fileId: await photo(), type: 'selfie' });
    expect(wrongType.statusCode).toBe(400);
    expect(JSON.stringify(wrongType.json().details)).toContain('body.type');
    const noFile = await call('POST', `/shipments/${s}/documents`, admin, { fileId: randomUUID(), type: 'photo' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().details).toEqual([{ path: 'body.fileId', message: 'is not a file of this company' }]);
    expect(
      (await call('POST', `/shipments/${randomUUID()}/documents`, admin, { fileId: await photo(), type: 'photo' }))
        .statusCode,
    ).toBe(404);
    expect((await documentsOf(s)).meta.total).toBe(0);
  });
});

describe('the file follows the shipment', () => {
  it('cannot be deleted while attached: 409 naming the shipment', async () => {
    const s = await newShipment();
    const fileId = await photo();
    expect((await call('POST', `/shipments/${s}/documents`, admin, { fileId, type: 'photo' })).statusCode).toBe(201);
    const refused = await drive.inject({ method: 'DELETE', url: `${DRIVE}/filesystem/file/${fileId}`, headers: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('RESOURCE_IN_USE');
    expect(refused.json().message).toContain('shipment');
  });
});

describe('isolation', () => {
  it('another company neither lists, attaches to nor detaches from the shipment, nor attaches its file here', async () => {
    const s = await newShipment();
    const fileId = await photo();
    const attached = await call('POST', `/shipments/${s}/documents`, admin, { fileId, type: 'photo' });
    const documentId = attached.json().data._id as string;
    expect((await call('GET', `/shipments/${s}/documents`, harbor)).statusCode).toBe(404);
    expect((await call('GET', `/shipments/${s}/documents/${documentId}`, harbor)).statusCode).toBe(404);
    expect((await call('DELETE', `/shipments/${s}/documents/${documentId}`, harbor)).statusCode).toBe(404);
    const harborFile = await photo(harbor, 'harbor.png');
    expect(
      (await call('POST', `/shipments/${s}/documents`, harbor, { fileId: harborFile, type: 'photo' })).statusCode,
    ).toBe(404);
    // Demo's shipment does not take Harbor's file: to Demo it does not exist.
    const foreign = await call('POST', `/shipments/${s}/documents`, admin, { fileId: harborFile, type: 'photo' });
    expect(foreign.statusCode).toBe(400);
    expect((await fileAs(fileId, harbor)).statusCode).toBe(404);
    expect((await documentsOf(s)).data.map((d) => d._id)).toEqual([documentId]);
  });

  it('a role without shipments: 403 before validation, and the documents’ files are not found', async () => {
    const s = await newShipment();
    const fileId = await bill();
    const document = await call('POST', `/shipments/${s}/documents`, admin, { fileId, type: 'bill-of-lading' });
    expect(document.statusCode, document.body).toBe(201);
    // With shipments.read, Operations reads the file through the shipment.
    expect((await fileAs(fileId, ops)).statusCode).toBe(200);
    expect((await fileAs(fileId, ops, '/content')).body).toBe(PDF.toString());

    await t.db.owner().query(
      `UPDATE roles SET permissions = permissions - 'shipments'
          WHERE name = 'Operations' AND company_id = (SELECT company_id FROM users WHERE email = 'ops@demo.test')`,
    );
    const withoutShipments = await signIn(iam, 'ops@demo.test');
    expect((await call('GET', `/shipments/${s}/documents`, withoutShipments)).statusCode).toBe(403);
    expect((await call('POST', `/shipments/${s}/documents`, withoutShipments, { nonsense: 1 })).statusCode).toBe(403);
    const documentId = document.json().data._id as string;
    expect((await call('DELETE', `/shipments/${s}/documents/${documentId}`, withoutShipments)).statusCode).toBe(403);
    // The file exists, but not for a caller who may not read the shipment holding it.
    expect((await fileAs(fileId, withoutShipments)).statusCode).toBe(404);
    expect((await fileAs(fileId, withoutShipments, '/content')).statusCode).toBe(404);
    expect((await fileAs(fileId, admin, '/content')).statusCode).toBe(200);
  });
});
