/**
 * "Report a problem" (issue 13) through the real iamserver and driveserver: a report carries a file of the
 * reporter's own company, the app version and the page; the attachment is served to the company's
 * readers only; a super admin lists and updates every company's issues; a company admin never sees
 * another company's; Operations reports problems but the list and its status updates are the admins'.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueSchema, type Issue } from '../../../../src/shared/contracts/issues.ts';
import { createCompanyWithAdmin } from '../../../cli/create-company.ts';
import type { App } from '../../../http/build-service-app.ts';
import { DEMO_PASSWORD } from '../../../seed/demo.ts';
import { buildTestApp } from '../../../testing/test-apps.ts';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database.ts';
import { auditCount, companyIdOf, IAM, LOG, signIn, tableChecksums } from '../iam-resources-test-kit.ts';
import { uploadFile } from '../../drive/drive-test-kit.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200, 0x20), Buffer.from('\n%%EOF\n')]);

type Who = { authorization: string };
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

let t: TestDatabase;
let iam: App;
let drive: App;
let log: App;
let demoAdmin: Who;
let ops: Who;
let harborAdmin: Who;
let superAdmin: Who;
let demoId: string;
let harborId: string;

beforeAll(async () => {
  t = await createTestDatabase();
  ({ app: iam } = await buildTestApp('iamserver', t.db));
  ({ app: drive } = await buildTestApp('driveserver', t.db));
  ({ app: log } = await buildTestApp('logserver', t.db));
  // The super admin sits in a company of their own, as `npm run admin -- --super-admin` makes one.
  await createCompanyWithAdmin(t.db, {
    company: 'Support Desk',
    email: 'root@support.test',
    name: 'Root Support',
    password: DEMO_PASSWORD,
    superAdmin: true,
    planExpiry: '2099-12-31',
  });
  demoAdmin = await signIn(iam, 'admin@demo.test');
  ops = await signIn(iam, 'ops@demo.test');
  harborAdmin = await signIn(iam, 'admin@harbor.test');
  superAdmin = await signIn(iam, 'root@support.test');
  demoId = await companyIdOf(t.db, 'Demo Freight');
  harborId = await companyIdOf(t.db, 'Harbor Logistics');
});
afterAll(async () => {
  await log?.close();
  await drive?.close();
  await iam?.close();
  await t?.close();
});

const call = (method: Method, url: string, who: Who & Record<string, string>, payload?: object) =>
  iam.inject({ method, url: `${IAM}${url}`, headers: who, ...(payload ? { payload } : {}) });

async function report(who: Who, payload: object): Promise<Issue> {
  const res = await call('POST', '/issue/tracker', who, payload);
  expect(res.statusCode, res.body).toBe(201);
  return issueSchema.parse(res.json().data);
}

describe('reporting a problem', () => {
  it('stores the attachment of the own company, the app version and the page, with the reporter', async () => {
    const fileId = await uploadFile(drive, { bytes: PNG, type: 'image/png', name: 'screen.png' }, ops);
    const issue = await report(ops, {
      title: 'Contacts list does not load',
      description: 'Spinner forever',
      attachmentFileId: fileId,
      appVersion: '0.1.0',
      route: '/contacts?search=acme',
    });
    expect(issue).toMatchObject({
      companyId: demoId,
      status: 'open',
      priority: 'medium',
      attachmentFileId: fileId,
      attachment: { fileName: 'screen.png', contentType: 'image/png', size: PNG.length },
      appVersion: '0.1.0',
      route: '/contacts?search=acme',
      reporterEmail: 'ops@demo.test',
      reporterName: 'Ops Demo',
      companyName: 'Demo Freight',
      version: 1,
    });
    expect(await auditCount(t.db, { action: 'issue.create', entityId: issue._id })).toBe(1);

    // Any type driveserver accepts; the admin sees it in the list with the page and the reporter.
    const pdf = await report(ops, {
      title: 'Invoice layout',
      attachmentFileId: await uploadFile(drive, { bytes: PDF, type: 'application/pdf', name: 'a.pdf' }, ops),
    });
    expect(pdf.attachment).toMatchObject({ contentType: 'application/pdf', fileName: 'a.pdf' });
    const list = (await call('GET', '/issue/tracker?search=contacts%3Fsearch', demoAdmin)).json();
    expect(list.data.map((i: Issue) => i._id)).toEqual([issue._id]);
  });

  it('refuses another company’s file with a 400 naming attachmentFileId, and stores nothing', async () => {
    const harborFile = await uploadFile(drive, { bytes: PNG, type: 'image/png', name: 'harbor.png' }, harborAdmin);
    const before = await tableChecksums(t.db);
    const res = await call('POST', '/issue/tracker', demoAdmin, { title: 'Sneaky', attachmentFileId: harborFile });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0]).toEqual({ path: 'body.attachmentFileId', message: 'is not a file of this company' });
    expect(await tableChecksums(t.db)).toEqual(before);
  });

  it('bounds the app version and the page, naming the field', async () => {
    const longRoute = await call('POST', '/issue/tracker', ops, { title: 'x', route: `/${'a'.repeat(2000)}` });
    expect(longRoute.statusCode).toBe(400);
    expect(longRoute.json().details[0].path).toBe('body.route');
    const longVersion = await call('POST', '/issue/tracker', ops, { title: 'x', appVersion: '1'.repeat(65) });
    expect(longVersion.statusCode).toBe(400);
    expect(longVersion.json().details[0].path).toBe('body.appVersion');
    const notUuid = await call('POST', '/issue/tracker', ops, { title: 'x', attachmentFileId: 'file-1' });
    expect(notUuid.json().details[0].path).toBe('body.attachmentFileId');
  });
});

describe('the attachment', () => {
  it('is served to the company’s readers and super admins; 404 to another company, 403 to Operations', async () => {
    const fileId = await uploadFile(drive, { bytes: PNG, type: 'image/png', name: 'shot.png' }, demoAdmin);
    const issue = await report(demoAdmin, { title: 'Screenshot attached', attachmentFileId: fileId });
    const url = `/issue/tracker/${issue._id}/attachment`;

    const mine = await call('GET', url, demoAdmin);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.headers['x-content-type-options']).toBe('nosniff');
    expect(mine.rawPayload.equals(PNG)).toBe(true);

    const root = await call('GET', url, superAdmin);
    expect(root.statusCode).toBe(200);
    expect(root.rawPayload.equals(PNG)).toBe(true);

    const other = await call('GET', url, harborAdmin);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain(fileId);
    // Operations reports problems but does not read the company's reports.
    expect((await call('GET', url, ops)).statusCode).toBe(403);

    const none = await report(demoAdmin, { title: 'No attachment' });
    expect((await call('GET', `/issue/tracker/${none._id}/attachment`, demoAdmin)).statusCode).toBe(404);
  });
});

describe('companies and the super admin', () => {
  it('a company admin never sees another company’s issue: list, read, update, delete, attachment', async () => {
    const harborIssue = await report(harborAdmin, { title: 'Harbor crane report' });
    const list = (await call('GET', '/issue/tracker?limit=100', demoAdmin)).json();
    expect(list.data.every((i: Issue) => i.companyId === demoId)).toBe(true);
    expect(JSON.stringify(list)).not.toContain('Harbor crane report');
    // Naming the other company in the filter finds nothing either.
    const filtered = (await call('GET', `/issue/tracker?companyId=${harborId}`, demoAdmin)).json();
    expect(filtered).toMatchObject({ data: [], meta: { total: 0 } });
    const before = await tableChecksums(t.db);
    expect((await call('GET', `/issue/tracker/${harborIssue._id}`, demoAdmin)).statusCode).toBe(404);
    const patch = await call('PATCH', `/issue/tracker/${harborIssue._id}`, demoAdmin, { version: 1, status: 'closed' });
    expect(patch.statusCode).toBe(404);
    expect((await call('DELETE', `/issue/tracker/${harborIssue._id}`, demoAdmin)).statusCode).toBe(404);
    expect(await tableChecksums(t.db)).toEqual(before);
  });

  it('the super admin lists every company’s issues, narrows to one, and updates a status with version', async () => {
    const demoIssue = await report(ops, { title: 'Demo printer jam', route: '/dashboard' });
    const harborIssue = await report(harborAdmin, { title: 'Harbor quay report', priority: 'high' });

    const all = (await call('GET', '/issue/tracker?limit=100', superAdmin)).json();
    const titles = all.data.map((i: Issue) => i.title);
    expect(titles).toEqual(expect.arrayContaining(['Demo printer jam', 'Harbor quay report']));
    const byId = new Map(all.data.map((i: Issue) => [i._id, i]));
    expect(byId.get(demoIssue._id)).toMatchObject({ companyName: 'Demo Freight', reporterEmail: 'ops@demo.test' });
    expect(byId.get(harborIssue._id)).toMatchObject({ companyName: 'Harbor Logistics' });

    const harborOnly = (await call('GET', `/issue/tracker?companyId=${harborId}&limit=100`, superAdmin)).json();
    expect(harborOnly.data.length).toBeGreaterThan(0);
    expect(harborOnly.data.every((i: Issue) => i.companyId === harborId)).toBe(true);
    expect(harborOnly.meta.total).toBe(harborOnly.data.length);

    const read = await call('GET', `/issue/tracker/${harborIssue._id}`, superAdmin);
    expect(read.statusCode).toBe(200);
    expect(read.headers.etag).toBe('"1"');

    const headers = { ...superAdmin, 'idempotency-key': 'root-status-1' };
    const url = `/issue/tracker/${harborIssue._id}`;
    const updated = await call('PATCH', url, headers, { version: 1, status: 'in_progress' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ status: 'in_progress', version: 2, companyId: harborId });
    const replay = await call('PATCH', url, headers, { version: 1, status: 'in_progress' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().data.version).toBe(2);

    const stale = await call('PATCH', url, superAdmin, { version: 1, status: 'closed' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT', conflict: { version: 2 } });

    // The change is in Harbor's own history, and Harbor's admin sees the new status.
    const history = await log.inject({
      method: 'GET',
      url: `${LOG}/audit-history?entity=issue&entityId=${harborIssue._id}`,
      headers: harborAdmin,
    });
    expect(history.json().data.map((e: { action: string }) => e.action)).toEqual(['issue.update', 'issue.create']);
    expect((await call('GET', url, harborAdmin)).json().data).toMatchObject({ status: 'in_progress', version: 2 });
  });

  it('everyone else’s update stays in their company with version and If-Match', async () => {
    const issue = await report(demoAdmin, { title: 'Dates in the wrong zone' });
    const url = `/issue/tracker/${issue._id}`;
    const ok = await call('PUT', url, { ...demoAdmin, 'if-match': '"1"' }, { priority: 'high' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ priority: 'high', version: 2 });
    expect((await call('PATCH', url, demoAdmin, { status: 'closed' })).json().details[0].path).toBe('body.version');
    expect(await auditCount(t.db, { action: 'issue.update', entityId: issue._id })).toBe(1);
  });
});

describe('Operations', () => {
  it('reports a problem but neither lists, reads nor updates the company’s reports', async () => {
    const issue = await report(ops, { title: 'Ops found a bug', appVersion: '0.1.0', route: '/settings' });
    expect(issue.reporterEmail).toBe('ops@demo.test');
    expect((await call('GET', '/issue/tracker', ops)).statusCode).toBe(403);
    expect((await call('GET', `/issue/tracker/${issue._id}`, ops)).statusCode).toBe(403);
    expect((await call('PATCH', `/issue/tracker/${issue._id}`, ops, { version: 1, status: 'closed' })).statusCode).toBe(
      403,
    );
  });
});
