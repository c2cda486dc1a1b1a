/**
 * The mail dialog end to end: `POST /send` through the real mailserver, delivered by the outbox worker
 * (`deliverPending`) into the local mailbox or a real SMTP server (an in-process `smtp-server`), with
 * attachments uploaded through the real driveserver.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../config.ts';
import type { App } from '../../http/build-service-app.ts';
import { buildTestApp, testConfig } from '../../testing/test-apps.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { signIn } from '../iam/iam-resources-test-kit.ts';
import { deliverPending, MAIL_MAX_ATTEMPTS, retryDelayMs } from './delivery-worker.ts';
import { listLocalMail } from './local-mailbox-repository.ts';
import { listLocalMailAttachments } from './send-mail-repository.ts';
import { startTestSmtp } from './smtp-test-kit.ts';

const MAIL = '/mailserver/api/v1';
const DRIVE = '/driveserver/api/v1';
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(300, 0x41), Buffer.from('\n%%EOF\n')]);
const system = { role: 'freight_system', companyId: null } as const;

let t: TestDatabase;
let iam: App;
let mail: App;
let drive: App;
let demo: { authorization: string };
let harbor: { authorization: string };
let clock = new Date();

beforeAll(async () => {
  t = await createTestDatabase();
  ({ app: iam } = await buildTestApp('iamserver', t.db));
  ({ app: mail } = await buildTestApp('mailserver', t.db));
  ({ app: drive } = await buildTestApp('driveserver', t.db));
  demo = await signIn(iam, 'admin@demo.test');
  harbor = await signIn(iam, 'admin@harbor.test');
});
afterAll(async () => {
  await Promise.all([iam?.close(), mail?.close(), drive?.close()]);
  await t?.close();
});
beforeEach(async () => {
  clock = new Date();
  // Each test delivers only its own messages.
  await t.db.transaction(system, (tx) => tx.query("UPDATE mail_outbox SET status = 'failed' WHERE status = 'queued'"));
});

const deliver = (config: Partial<ServerConfig> = {}) =>
  deliverPending({ db: t.db, config: testConfig(config), now: () => clock });

function send(payload: unknown, headers: Record<string, string> = {}, auth = demo) {
  return mail.inject({
    method: 'POST',
    url: `${MAIL}/send`,
    headers: { ...auth, ...headers },
    payload: payload as object,
  });
}

async function uploadPdf(name: string, auth = demo): Promise<string> {
  const res = await drive.inject({
    method: 'POST',
    url: `${DRIVE}/filesystem/file`,
    headers: { ...auth, 'content-type': 'application/pdf', 'x-file-name': name },
    payload: PDF,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id as string;
}

const sentMail = async (id: string) =>
  (await mail.inject({ method: 'GET', url: `${MAIL}/send/${id}`, headers: demo })).json().data;

/** Row counts of everything a send can write, to prove that a refused one wrote nothing. */
const counts = () =>
  t.db.transaction(system, async (tx) => {
    const out: Record<string, number> = {};
    for (const table of ['mail_outbox', 'mail_outbox_attachments', 'notifications', 'audit_log', 'idempotency_keys']) {
      out[table] = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
    }
    return out;
  });

describe('POST /send', () => {
  it('queues the message (202), delivers it with its attachment to the local mailbox and notifies colleagues', async () => {
    const fileId = await uploadPdf('manifest.pdf');
    const res = await send({
      to: ['ops@demo.test'],
      cc: ['partner@example.test'],
      subject: 'Manifest for MSKU1234567',
      body: '<p>Hello <b>team</b></p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
      attachments: [fileId],
    });
    expect(res.statusCode, res.body).toBe(202);
    const { _id: id, status } = res.json().data;
    expect(status).toBe('queued');
    expect((await sentMail(id)).status).toBe('queued');

    expect(await deliver()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const [delivered] = await t.db.transaction(system, (tx) => listLocalMail(tx, 'partner@example.test'));
    expect(delivered).toMatchObject({
      subject: 'Manifest for MSKU1234567',
      html: '<p>Hello <b>team</b></p><a>x</a>',
      text: 'Hello team\n\nx',
    });
    const attachments = await t.db.transaction(system, (tx) => listLocalMailAttachments(tx, id));
    expect(attachments).toEqual([
      {
        fileName: 'manifest.pdf',
        contentType: 'application/pdf',
        size: PDF.length,
        sha256: createHash('sha256').update(PDF).digest('hex'),
      },
    ]);

    const item = await sentMail(id);
    expect(item).toMatchObject({
      _id: id,
      status: 'sent',
      attempts: 1,
      lastError: null,
      to: ['ops@demo.test'],
      cc: ['partner@example.test'],
      bcc: [],
      attachments: [{ fileId, fileName: 'manifest.pdf', contentType: 'application/pdf', size: PDF.length }],
    });
    expect(item.sentAt).not.toBeNull();

    const notes = await t.db.transaction(
      system,
      async (tx) =>
        (
          await tx.query<{ email: string; title: string; body: string; kind: string }>(
            `SELECT u.email, n.title, n.body, n.kind FROM notifications n JOIN users u ON u.id = n.user_id
            WHERE n.kind = 'mail' AND n.body = 'Manifest for MSKU1234567'`,
          )
        ).rows,
    );
    expect(notes).toEqual([
      { email: 'ops@demo.test', title: 'New mail from Admin Demo', body: 'Manifest for MSKU1234567', kind: 'mail' },
    ]);
    const audit = await t.db.transaction(
      system,
      async (tx) =>
        (await tx.query("SELECT count(*)::int AS n FROM audit_log WHERE action = 'mail.send' AND entity_id = $1", [id]))
          .rows[0],
    );
    expect(audit).toEqual({ n: 1 });
  });

  it('delivers through a real SMTP server with the attachment', async () => {
    const smtp = await startTestSmtp();
    try {
      const fileId = await uploadPdf('invoice.pdf');
      const res = await send({
        to: ['customer@example.test'],
        bcc: ['archive@example.test'],
        subject: 'Invoice 42',
        body: '<p>Please find the invoice attached.</p>',
        attachments: [fileId],
      });
      expect(res.statusCode).toBe(202);
      const id = res.json().data._id as string;
      expect(await deliver({ smtpUrl: `smtp://127.0.0.1:${smtp.port}` })).toEqual({ sent: 1, retried: 0, failed: 0 });
      expect(smtp.received).toHaveLength(1);
      const [message] = smtp.received;
      expect(message!.to.sort()).toEqual(['archive@example.test', 'customer@example.test']);
      expect(message!.raw).toContain('Subject: Invoice 42');
      expect(message!.raw).toContain(`Message-ID: <${id}@freight-desk.outbox>`);
      expect(message!.raw).not.toMatch(/^Bcc:/im);
      expect(message!.raw).toMatch(/Content-Type: application\/pdf; name=invoice\.pdf/);
      expect(message!.raw).toMatch(/Content-Disposition: attachment; filename=invoice\.pdf/);
      expect(message!.raw.replace(/\r?\n/g, '')).toContain(PDF.toString('base64'));
      expect(message!.raw).toContain('Please find the invoice attached.');
      expect((await sentMail(id)).status).toBe('sent');
    } finally {
      await smtp.close();
    }
  });

  it('queues and delivers once for one Idempotency-Key', async () => {
    const before = await counts();
    const payload = { to: ['once@example.test'], subject: 'Only once', body: '<p>once</p>' };
    const first = await send(payload, { 'idempotency-key': 'mail-once-1' });
    const second = await send(payload, { 'idempotency-key': 'mail-once-1' });
    expect(first.statusCode).toBe(202);
    expect(second.statusCode).toBe(202);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect((await counts()).mail_outbox).toBe(before.mail_outbox! + 1);
    expect((await deliver()).sent).toBe(1);
    expect(await deliver()).toEqual({ sent: 0, retried: 0, failed: 0 });
    const inbox = await t.db.transaction(system, (tx) => listLocalMail(tx, 'once@example.test'));
    expect(inbox).toHaveLength(1);
    const reused = await send({ ...payload, subject: 'Another' }, { 'idempotency-key': 'mail-once-1' });
    expect(reused.statusCode).toBe(422);
  });

  it('refuses with 403 SUBSCRIPTION_EXPIRED while the plan is expired', async () => {
    const expired = await signIn(iam, 'admin@expired.test');
    const before = await counts();
    const res = await send({ to: ['a@example.test'], subject: 'Hi', body: 'x' }, {}, expired);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'SUBSCRIPTION_EXPIRED',
      message: 'Your Subscription has been expired. Please Contact Support Team',
    });
    expect(await counts()).toEqual(before);
  });

  it('answers 404 for an attachment of another company and stores nothing', async () => {
    const harborFile = await uploadPdf('harbor.pdf', harbor);
    const before = await counts();
    const res = await send({ to: ['a@example.test'], subject: 'Hi', body: 'x', attachments: [harborFile] });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    expect(await counts()).toEqual(before);
  });

  it('refuses bad input with 400 and stores nothing', async () => {
    const valid = { to: ['a@example.test'], subject: 'Hi', body: '<p>x</p>' };
    const many = Array.from({ length: 30 }, (_, i) => `r${i}@example.test`);
    const cases: Array<[string, unknown, string]> = [
      ['malformed to', { ...valid, to: ['not-an-address'] }, 'body.to.0'],
      ['malformed cc', { ...valid, cc: ['a@b@c'] }, 'body.cc.0'],
      ['no recipient', { ...valid, to: [] }, 'body.to'],
      ['unknown field', { ...valid, priority: 'high' }, 'body'],
      ['60 recipients', { ...valid, to: many, cc: many.map((a) => a.replace('r', 'c')) }, 'body.to'],
      ['51 in to', { ...valid, to: [...many, ...many.slice(0, 21).map((a) => a.replace('r', 'x'))] }, 'body.to'],
      ['huge subject', { ...valid, subject: 'x'.repeat(201) }, 'body.subject'],
      ['empty subject', { ...valid, subject: '   ' }, 'body.subject'],
      ['subject with a line break', { ...valid, subject: 'Hi\r\nBcc: x@example.test' }, 'body.subject'],
      ['body over 200 KB', { ...valid, body: 'é'.repeat(110 * 1024) }, 'body.body'],
      ['attachment not an id', { ...valid, attachments: ['x'] }, 'body.attachments.0'],
      ['missing body', { to: valid.to, subject: 'Hi' }, 'body.body'],
    ];
    const before = await counts();
    for (const [label, payload, path] of cases) {
      const res = await send(payload);
      expect(res.statusCode, label).toBe(400);
      expect(res.json().code, label).toBe('VALIDATION_FAILED');
      expect(
        (res.json().details as Array<{ path: string }>).map((d) => d.path),
        label,
      ).toContain(path);
    }
    const malformed = await mail.inject({
      method: 'POST',
      url: `${MAIL}/send`,
      headers: { ...demo, 'content-type': 'application/json' },
      payload: '{"to": [',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('MALFORMED_JSON');
    expect(await counts()).toEqual(before);
  });
});

describe('delivery state', () => {
  it('moves queued -> failed after the retries run out while SMTP refuses, with no secret in lastError', async () => {
    const smtp = await startTestSmtp(() => true);
    const smtpUrl = `smtp://mailer:S3cretPassw0rd@127.0.0.1:${smtp.port}`;
    try {
      const res = await send({ to: ['refused@example.test'], subject: 'Refused', body: 'x' });
      const id = res.json().data._id as string;
      for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt += 1) {
        const report = await deliver({ smtpUrl });
        expect(report, `attempt ${attempt}`).toEqual(
          attempt < MAIL_MAX_ATTEMPTS ? { sent: 0, retried: 1, failed: 0 } : { sent: 0, retried: 0, failed: 1 },
        );
        const item = await sentMail(id);
        expect(item.status).toBe(attempt < MAIL_MAX_ATTEMPTS ? 'queued' : 'failed');
        expect(item.attempts).toBe(attempt);
        clock = new Date(clock.getTime() + retryDelayMs(attempt) + 1);
      }
      const item = await sentMail(id);
      expect(item.lastError).toMatch(/451/);
      expect(item.lastError).not.toContain('S3cretPassw0rd');
      expect(item.sentAt).toBeNull();
      expect(smtp.received).toHaveLength(0);
    } finally {
      await smtp.close();
    }
  });
});

describe('GET /send', () => {
  it('lists the company’s sent mail newest first, filtered by status, and never another company’s', async () => {
    const a = (await send({ to: ['list-a@example.test'], subject: 'List A', body: 'a' })).json().data._id;
    const b = (await send({ to: ['list-b@example.test'], subject: 'List B', body: 'b' })).json().data._id;
    const harborMail = (await send({ to: ['h@example.test'], subject: 'Harbor', body: 'h' }, {}, harbor)).json().data
      ._id;

    const queued = await mail.inject({ method: 'GET', url: `${MAIL}/send?status=queued&limit=5`, headers: demo });
    expect(queued.statusCode).toBe(200);
    const body = queued.json();
    expect(body.meta).toEqual({ total: 2, page: 1, limit: 5 });
    expect(body.data.map((m: { _id: string }) => m._id)).toEqual([b, a]);
    expect(body.data[0]).toMatchObject({ status: 'queued', attempts: 0, subject: 'List B', sentAt: null });

    const all = await mail.inject({ method: 'GET', url: `${MAIL}/send?limit=100`, headers: demo });
    const ids = all.json().data.map((m: { _id: string }) => m._id);
    expect(ids).not.toContain(harborMail);
    const times = all.json().data.map((m: { createdAt: string }) => m.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const foreign = await mail.inject({ method: 'GET', url: `${MAIL}/send/${harborMail}`, headers: demo });
    expect(foreign.statusCode).toBe(404);
    const badStatus = await mail.inject({ method: 'GET', url: `${MAIL}/send?status=lost`, headers: demo });
    expect(badStatus.statusCode).toBe(400);
    const anonymous = await mail.inject({ method: 'GET', url: `${MAIL}/send` });
    expect(anonymous.statusCode).toBe(401);
  });
});
