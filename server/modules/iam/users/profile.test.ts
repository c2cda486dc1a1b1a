/**
 * The own profile (issue 11): every role edits its own names and phone with `version`, sets an avatar
 * uploaded through driveserver (an image of its own company only), and the company's users see it at
 * `/users/{id}/avatar`; another company sees nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSchema } from '../../../../src/shared/contracts/users.ts';
import type { App } from '../../../http/build-service-app.ts';
import { buildTestApp } from '../../../testing/test-apps.ts';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database.ts';
import { IAM, signIn } from '../iam-resources-test-kit.ts';
import { uploadFile } from '../../drive/drive-test-kit.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200, 0x20), Buffer.from('\n%%EOF\n')]);

let t: TestDatabase;
let iam: App;
let drive: App;
let admin: { authorization: string };
let ops: { authorization: string };
let harbor: { authorization: string };

beforeAll(async () => {
  t = await createTestDatabase();
  ({ app: iam } = await buildTestApp('iamserver', t.db));
  ({ app: drive } = await buildTestApp('driveserver', t.db));
  admin = await signIn(iam, 'admin@demo.test');
  ops = await signIn(iam, 'ops@demo.test');
  harbor = await signIn(iam, 'admin@harbor.test');
});
afterAll(async () => {
  await drive?.close();
  await iam?.close();
  await t?.close();
});

type Who = { authorization: string };
const call = (method: 'GET' | 'PATCH', url: string, who: Who, payload?: object) =>
  iam.inject({ method, url: `${IAM}${url}`, headers: who, ...(payload ? { payload } : {}) });

describe('/profile', () => {
  it('a role without users.update edits its own names and phone, with version, audited', async () => {
    const me = userSchema.parse((await call('GET', '/profile', ops)).json().data);
    expect(me.emailId).toBe('ops@demo.test');
    expect((await call('PATCH', `/users/${me._id}`, ops, { phone: '1', version: me.version })).statusCode).toBe(403);

    const saved = await call('PATCH', '/profile', ops, {
      version: me.version,
      firstName: 'Olga',
      phone: '+31 10 123 45 67',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ firstName: 'Olga', phone: '+31 10 123 45 67', version: me.version + 1 });

    const stale = await call('PATCH', '/profile', ops, { version: me.version, phone: '+1 555' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('VERSION_CONFLICT');
    const bad = await call('PATCH', '/profile', ops, { version: me.version + 1, phone: 'call me maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('body.phone');
    const role = await call('PATCH', '/profile', ops, { version: me.version + 1, roleId: me.roleId });
    expect(role.statusCode).toBe(400);

    const audit = await t.db.transaction({ role: 'freight_system', companyId: null }, async (tx) => {
      const { rows } = await tx.query<{ changes: unknown }>(
        "SELECT changes FROM audit_log WHERE action = 'user.update' AND entity_id = $1",
        [me._id],
      );
      return rows.map((r) => JSON.stringify(r.changes));
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toContain('+31 10 123 45 67');
  });

  it('sets an avatar from an image of the company’s drive, which the company sees and another company does not', async () => {
    const me = userSchema.parse((await call('GET', '/profile', admin)).json().data);
    const pdf = await uploadFile(drive, { bytes: PDF, type: 'application/pdf', name: 'cv.pdf' }, admin);
    const notImage = await call('PATCH', '/profile', admin, { version: me.version, avatarFileId: pdf });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().details[0]).toEqual({
      path: 'body.avatarFileId',
      message: 'must be a PNG, JPEG or WebP image',
    });
    const foreign = await uploadFile(drive, { bytes: PNG, type: 'image/png', name: 'theirs.png' }, harbor);
    const notOurs = await call('PATCH', '/profile', admin, { version: me.version, avatarFileId: foreign });
    expect(notOurs.json().details[0].message).toBe('is not a file of this company');

    expect((await call('GET', `/users/${me._id}/avatar`, ops)).statusCode).toBe(404);
    const png = await uploadFile(drive, { bytes: PNG, type: 'image/png', name: 'me.png' }, admin);
    const set = await call('PATCH', '/profile', admin, { version: me.version, avatarFileId: png });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.avatarFileId).toBe(png);

    const seen = await call('GET', `/users/${me._id}/avatar`, ops);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/png');
    expect(seen.rawPayload.equals(PNG)).toBe(true);
    expect((await call('GET', `/users/${me._id}/avatar`, harbor)).statusCode).toBe(404);

    const removed = await call('PATCH', '/profile', admin, { version: me.version + 1, avatarFileId: null });
    expect(removed.json().data.avatarFileId).toBeNull();
    expect((await call('GET', `/users/${me._id}/avatar`, ops)).statusCode).toBe(404);
  });

  it('the company logo is an image of the company’s drive, served to the company alone', async () => {
    const me = userSchema.parse((await call('GET', '/profile', admin)).json().data);
    const company = (await call('GET', `/companies/${me.companyId}`, admin)).json().data;
    expect(company.logoFileId).toBeNull();
    const pdf = await uploadFile(drive, { bytes: PDF, type: 'application/pdf', name: 'logo.pdf' }, admin);
    const refused = await call('PATCH', `/companies/${me.companyId}`, admin, {
      version: company.version,
      logoFileId: pdf,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0].path).toBe('body.logoFileId');

    const png = await uploadFile(drive, { bytes: PNG, type: 'image/png', name: 'logo.png' }, admin);
    const saved = await call('PATCH', `/companies/${me.companyId}`, admin, {
      version: company.version,
      logoFileId: png,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const logo = await call('GET', `/companies/${me.companyId}/logo`, ops);
    expect(logo.statusCode).toBe(200);
    expect(logo.rawPayload.equals(PNG)).toBe(true);
    expect((await call('GET', `/companies/${me.companyId}/logo`, harbor)).statusCode).toBe(404);
  });
});
