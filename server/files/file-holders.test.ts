/**
 * A driveserver file belongs to the records holding it: an issue's attachment, the company's logo, a
 * user's avatar, a message's attachment. Through the real services on a real database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../http/build-service-app.ts';
import { IAM, signIn } from '../modules/iam/iam-resources-test-kit.ts';
import { buildTestApp } from '../testing/test-apps.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { FILE_HOLDER_QUERIES, fileForeignKeyColumns } from './file-holder-repository.ts';

const DRIVE = '/driveserver/api/v1';
const MAIL = '/mailserver/api/v1';
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

type Auth = { authorization: string };
let t: TestDatabase;
let iam: App;
let drive: App;
let mail: App;
let admin: Auth;
let ops: Auth;
let adminId: string;
let companyId: string;

beforeAll(async () => {
  t = await createTestDatabase();
  ({ app: iam } = await buildTestApp('iamserver', t.db));
  ({ app: drive } = await buildTestApp('driveserver', t.db));
  ({ app: mail } = await buildTestApp('mailserver', t.db));
  admin = await signIn(iam, 'admin@demo.test');
  ops = await signIn(iam, 'ops@demo.test');
  const me = (await iam.inject({ method: 'GET', url: `${IAM}/fetch-user`, headers: admin })).json().data[0];
  adminId = me._id;
  companyId = me.companyId;
});
afterAll(async () => {
  await mail?.close();
  await drive?.close();
  await iam?.close();
  await t?.close();
});

async function upload(auth: Auth, name = 'shot.png'): Promise<string> {
  const res = await drive.inject({
    method: 'POST',
    url: `${DRIVE}/filesystem/file?name=${name}`,
    headers: { 'content-type': 'image/png', ...auth },
    payload: PNG,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id;
}

const file = (method: 'GET' | 'DELETE', id: string, auth: Auth, suffix = '') =>
  drive.inject({ method, url: `${DRIVE}/filesystem/file/${id}${suffix}`, headers: auth });

async function patchProfile(auth: Auth, patch: Record<string, unknown>) {
  const current = (await iam.inject({ method: 'GET', url: `${IAM}/profile`, headers: auth })).json().data;
  return iam.inject({
    method: 'PATCH',
    url: `${IAM}/profile`,
    headers: auth,
    payload: { version: current.version, ...patch },
  });
}

async function patchCompany(patch: Record<string, unknown>) {
  const url = `${IAM}/companies/${companyId}`;
  const current = (await iam.inject({ method: 'GET', url, headers: admin })).json().data;
  return iam.inject({ method: 'PATCH', url, headers: admin, payload: { version: current.version, ...patch } });
}

describe('a file held by a record', () => {
  it('an issue’s screenshot is as private as the issue list: Operations, which reported it, cannot fetch it', async () => {
    const shot = await upload(ops);
    const created = await iam.inject({
      method: 'POST',
      url: `${IAM}/issue/tracker`,
      headers: ops,
      payload: { title: 'Broken page', attachmentFileId: shot },
    });
    expect(created.statusCode, created.body).toBe(201);

    for (const suffix of ['', '/content']) {
      const res = await file('GET', shot, ops, suffix);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
      expect((await file('GET', shot, admin, suffix)).statusCode).toBe(200);
    }
    expect((await file('DELETE', shot, ops)).statusCode).toBe(404);

    // Nor can it read the screenshot by making it its avatar or mailing it.
    const avatar = await patchProfile(ops, { avatarFileId: shot });
    expect(avatar.statusCode).toBe(400);
    expect(avatar.json().details).toEqual([{ path: 'body.avatarFileId', message: 'is not a file of this company' }]);
    const mailed = await mail.inject({
      method: 'POST',
      url: `${MAIL}/send`,
      headers: ops,
      payload: { to: ['someone@example.com'], subject: 'Look', body: '<p>x</p>', attachments: [shot] },
    });
    expect(mailed.statusCode).toBe(404);

    // Whoever may change the issue is told it is in use, by which issue.
    const inUse = await file('DELETE', shot, admin);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({
      code: 'RESOURCE_IN_USE',
      message: expect.stringContaining('Broken page'),
      details: [{ path: `issue/${created.json().data._id}` }],
    });
    expect((await file('GET', shot, admin)).statusCode).toBe(200);
  });

  it('the logo: everyone reads it, Operations may not delete it, an admin is told the company uses it', async () => {
    const logo = await upload(admin, 'logo.png');
    expect((await patchCompany({ logoFileId: logo })).statusCode).toBe(200);

    expect((await file('GET', logo, ops, '/content')).statusCode).toBe(200);
    const refused = await file('DELETE', logo, ops);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    const inUse = await file('DELETE', logo, admin);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({ code: 'RESOURCE_IN_USE', details: [{ path: `company/${companyId}` }] });

    // Once the company no longer uses it, it is an ordinary file again.
    expect((await patchCompany({ logoFileId: null })).statusCode).toBe(200);
    expect((await file('DELETE', logo, admin)).statusCode).toBe(200);
  });

  it('an avatar: Operations may not delete another user’s, and its own only once it no longer uses it', async () => {
    const adminAvatar = await upload(admin, 'me.png');
    expect((await patchProfile(admin, { avatarFileId: adminAvatar })).statusCode).toBe(200);
    expect((await file('GET', adminAvatar, ops, '/content')).statusCode).toBe(200);
    expect((await file('DELETE', adminAvatar, ops)).statusCode).toBe(403);
    const inUse = await file('DELETE', adminAvatar, admin);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().details).toEqual([{ path: `user/${adminId}`, message: expect.any(String) }]);

    const own = await upload(ops, 'ops.png');
    expect((await patchProfile(ops, { avatarFileId: own })).statusCode).toBe(200);
    expect((await file('DELETE', own, ops)).statusCode).toBe(409);
    expect((await patchProfile(ops, { avatarFileId: null })).statusCode).toBe(200);
    expect((await file('DELETE', own, ops)).statusCode).toBe(200);
  });

  it('a message’s attachment: readable with the mail list, deletable because the message keeps its copy', async () => {
    const sheet = await upload(ops, 'sheet.png');
    const sent = await mail.inject({
      method: 'POST',
      url: `${MAIL}/send`,
      headers: ops,
      payload: { to: ['someone@example.com'], subject: 'Rates', body: '<p>x</p>', attachments: [sheet] },
    });
    expect(sent.statusCode, sent.body).toBe(202);
    await t.db.transaction({ role: 'freight_system', companyId: null }, (tx) =>
      tx.query("UPDATE roles SET permissions = permissions - 'mail' WHERE name = 'Operations' AND company_id = $1", [
        companyId,
      ]),
    );
    const withoutMail = await signIn(iam, 'ops@demo.test');
    expect((await file('GET', sheet, withoutMail)).statusCode).toBe(404);
    expect((await file('GET', sheet, admin)).statusCode).toBe(200);
    expect((await file('DELETE', sheet, admin)).statusCode).toBe(200);
  });

  it('every column that refers to a file has its holder rule', async () => {
    const columns = await t.db.transaction({ role: 'freight_system', companyId: null }, (tx) =>
      fileForeignKeyColumns(tx),
    );
    expect(columns.length).toBeGreaterThan(0);
    const registered: string[] = Object.values(FILE_HOLDER_QUERIES).map((q) => q.column);
    expect(columns.filter((c) => !registered.includes(c))).toEqual([]);
  });
});
