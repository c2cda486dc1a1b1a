/**
 * The outbox end to end: queued in the business transaction, delivered once to the local mailbox or to a
 * real SMTP server (an in-process `smtp-server`), retried with back-off, never twice.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Queryable } from '../../db/database.ts';
import type { ServiceDeps } from '../../http/build-service-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { buildTestApp, testConfig } from '../../testing/test-apps.ts';
import { deliverPending, MAIL_MAX_ATTEMPTS, retryDelayMs } from './delivery-worker.ts';
import { createMailserverModule } from './mailserver-module.ts';
import { enqueueMail, findOutboxStatus, MAIL_OUTBOX_CHANNEL, type MailMessage } from './outbox-repository.ts';
import { startTestSmtp } from './smtp-test-kit.ts';

let t: TestDatabase;
let demoCompanyId: string;
let harborCompanyId: string;
let clock = new Date();
const now = () => clock;

const system = { role: 'freight_system', companyId: null } as const;

function deps(overrides: Partial<ServiceDeps['config']> = {}): Pick<ServiceDeps, 'db' | 'config' | 'now'> {
  return { db: t.db, config: testConfig(overrides), now };
}

const message = (overrides: Partial<MailMessage> = {}): MailMessage => ({
  companyId: null,
  to: ['someone@example.test'],
  subject: 'Hello',
  text: 'Plain body',
  kind: 'test',
  ...overrides,
});

const enqueueAsSystem = (msg: MailMessage) => t.db.transaction(system, (tx) => enqueueMail(tx, msg));
const statusOf = async (id: string) => (await t.db.transaction(system, (tx) => findOutboxStatus(tx, id)))!;
const count = (sql: string) =>
  t.db.transaction(system, async (tx) => Number((await tx.query<{ n: string }>(sql)).rows[0]!.n));

/** Drains whatever earlier tests left queued, so that each test counts only its own messages. */
async function drain(): Promise<void> {
  await t.db.transaction(system, (tx) => tx.query("UPDATE mail_outbox SET status = 'failed' WHERE status = 'queued'"));
}

beforeAll(async () => {
  t = await createTestDatabase();
  const ids = await t.db.transaction(system, async (tx: Queryable) => {
    const { rows } = await tx.query<{ id: string; name: string }>('SELECT id, name FROM companies');
    return Object.fromEntries(rows.map((r) => [r.name, r.id]));
  });
  demoCompanyId = ids['Demo Freight']!;
  harborCompanyId = ids['Harbor Logistics']!;
});
afterAll(async () => t?.close());
afterEach(() => {
  clock = new Date();
});

describe('the outbox', () => {
  it('keeps nothing, and wakes no worker, when the business transaction rolls back', async () => {
    const woken: string[] = [];
    const unlisten = await t.db.listen(MAIL_OUTBOX_CHANNEL, (id) => woken.push(id));
    try {
      const before = await count('SELECT count(*) AS n FROM mail_outbox');
      await expect(
        t.db.transaction(system, async (tx) => {
          await enqueueMail(tx, message({ subject: 'Never sent' }));
          throw new Error('business write failed');
        }),
      ).rejects.toThrow('business write failed');
      expect(await count('SELECT count(*) AS n FROM mail_outbox')).toBe(before);

      const id = await enqueueAsSystem(message({ subject: 'Committed' }));
      await vi.waitFor(() => expect(woken).toEqual([id]));
    } finally {
      await unlisten();
    }
  });

  it('lets a company queue only its own mail, and lists only mail marked for its list', async () => {
    const asDemo = <T>(fn: (tx: Queryable) => Promise<T>) =>
      t.db.transaction({ role: 'freight_app', companyId: demoCompanyId }, fn);
    await asDemo((tx) => enqueueMail(tx, message({ companyId: demoCompanyId, kind: 'two_factor_code' })));
    const listed = await asDemo((tx) =>
      enqueueMail(tx, message({ companyId: demoCompanyId, kind: 'user_mail', listedForCompany: true })),
    );
    await expect(asDemo((tx) => enqueueMail(tx, message({ companyId: harborCompanyId })))).rejects.toThrow(
      /row-level security/,
    );
    await expect(asDemo((tx) => enqueueMail(tx, message({ companyId: null })))).rejects.toThrow(/row-level security/);

    const seen = await asDemo(async (tx) => (await tx.query<{ id: string }>('SELECT id FROM mail_outbox')).rows);
    expect(seen).toEqual([{ id: listed }]);
    const harborSees = await t.db.transaction({ role: 'freight_app', companyId: harborCompanyId }, async (tx) =>
      tx.query('SELECT id FROM mail_outbox'),
    );
    expect(harborSees.rows).toEqual([]);
    await expect(asDemo((tx) => tx.query("UPDATE mail_outbox SET status = 'sent'"))).rejects.toThrow(/permission/);
  });

  it('refuses a message without a valid recipient', async () => {
    await expect(enqueueAsSystem(message({ to: [] }))).rejects.toThrow(/recipient/);
    await expect(enqueueAsSystem(message({ to: ['not an address'] }))).rejects.toThrow(/invalid to/);
  });
});

describe('delivery to the local mailbox', () => {
  it('delivers queued mail once and lists it newest first at /dev/mailbox', async () => {
    await drain();
    const first = await enqueueAsSystem(message({ to: ['Reader@Example.test'], subject: 'First', html: '<p>1</p>' }));
    expect(await deliverPending(deps())).toEqual({ sent: 1, retried: 0, failed: 0 });
    clock = new Date(clock.getTime() + 1000);
    const second = await t.db.transaction({ role: 'freight_app', companyId: demoCompanyId }, (tx) =>
      enqueueMail(tx, message({ companyId: demoCompanyId, to: ['other@example.test'], cc: ['reader@example.test'] })),
    );
    expect(await deliverPending(deps())).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await deliverPending(deps())).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect((await statusOf(first)).status).toBe('sent');
    expect((await statusOf(second)).status).toBe('sent');

    const { app } = await buildTestApp('mailserver', t.db, { now });
    try {
      const res = await app.inject({ method: 'GET', url: '/mailserver/api/v1/dev/mailbox?to=reader@example.test' });
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data).toHaveLength(2);
      // `to` is the mailbox's own address, even for a copy it received as cc; the To header is kept too.
      expect(data[0]).toMatchObject({
        to: 'reader@example.test',
        toAddresses: ['other@example.test'],
        subject: 'Hello',
        text: 'Plain body',
        html: null,
      });
      expect(data[1]).toMatchObject({
        to: 'reader@example.test',
        toAddresses: ['Reader@Example.test'],
        subject: 'First',
      });
      expect(Date.parse(data[0].createdAt)).toBeGreaterThan(Date.parse(data[1].createdAt));

      const nobody = await app.inject({ method: 'GET', url: '/mailserver/api/v1/dev/mailbox?to=nobody@example.test' });
      expect(nobody.json()).toEqual({ data: [] });
      for (const query of ['', '?to=not-an-address', '?to=a@example.test&extra=1']) {
        const bad = await app.inject({ method: 'GET', url: `/mailserver/api/v1/dev/mailbox${query}` });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().code).toBe('VALIDATION_FAILED');
      }
    } finally {
      await app.close();
    }
  });

  it('answers loopback callers only, whatever address the service listens on', async () => {
    // Even a proxy the service trusts cannot vouch for loopback: the socket's address decides.
    const { app } = await buildTestApp('mailserver', t.db, { now, config: { trustProxy: ['10.0.0.5'] } });
    try {
      const url = '/mailserver/api/v1/dev/mailbox?to=reader@example.test';
      for (const remoteAddress of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
        const res = await app.inject({ method: 'GET', url, remoteAddress });
        expect(res.statusCode, remoteAddress).toBe(200);
      }
      for (const remoteAddress of ['10.0.0.5', '192.168.1.20', '::ffff:10.0.0.5', 'fe80::1', '128.0.0.1']) {
        const res = await app.inject({ method: 'GET', url, remoteAddress });
        expect(res.statusCode, remoteAddress).toBe(404);
        expect(res.json().code).toBe('NOT_FOUND');
        expect(res.body).not.toContain('reader@example.test');
        // A forwarded header written by the caller changes nothing, and the query is not even validated.
        const spoofed = await app.inject({
          method: 'GET',
          url: '/mailserver/api/v1/dev/mailbox?to=not-an-address',
          remoteAddress,
          headers: { 'x-forwarded-for': '127.0.0.1' },
        });
        expect(spoofed.statusCode, remoteAddress).toBe(404);
      }
      const viaProxy = await app.inject({
        method: 'GET',
        url,
        remoteAddress: '10.0.0.5',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(viaProxy.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('is delivered by the running worker, woken by the commit', async () => {
    await drain();
    const { app } = await buildTestApp('mailserver', t.db, {
      modules: [createMailserverModule({ startWorker: true })],
    });
    try {
      const id = await enqueueAsSystem(message({ to: ['worker@example.test'], subject: 'Via the worker' }));
      await vi.waitFor(async () => expect((await statusOf(id)).status).toBe('sent'), { timeout: 10_000 });
      const res = await app.inject({ method: 'GET', url: '/mailserver/api/v1/dev/mailbox?to=worker@example.test' });
      expect(res.json().data.map((m: { subject: string }) => m.subject)).toEqual(['Via the worker']);
    } finally {
      await app.close();
    }
  });
});

describe('delivery by SMTP', () => {
  it('hands the message to the SMTP server with its sender, recipients, subject and body', async () => {
    await drain();
    const smtp = await startTestSmtp();
    try {
      const id = await enqueueAsSystem(
        message({
          to: ['to@example.test'],
          cc: ['cc@example.test'],
          bcc: ['bcc@example.test'],
          subject: 'Your shipment has left port',
          text: 'Container MSKU1234565 departed today.',
          html: '<p>Container <b>MSKU1234565</b> departed today.</p>',
        }),
      );
      expect(await deliverPending(deps({ smtpUrl: smtp.url }))).toEqual({ sent: 1, retried: 0, failed: 0 });
      expect(smtp.received).toHaveLength(1);
      const mail = smtp.received[0]!;
      expect(mail.from).toBe('no-reply@freight-desk.local');
      expect(mail.to.sort()).toEqual(['bcc@example.test', 'cc@example.test', 'to@example.test']);
      expect(mail.raw).toMatch(/^Subject: Your shipment has left port$/m);
      expect(mail.raw).toMatch(/^From: Freight Desk <no-reply@freight-desk\.local>$/m);
      expect(mail.raw).toMatch(/^To: to@example\.test$/m);
      expect(mail.raw).not.toMatch(/^Bcc:/m);
      expect(mail.raw).toContain('Container MSKU1234565 departed today.');
      expect(mail.raw).toContain(`Message-ID: <${id}@freight-desk.outbox>`);
      expect((await statusOf(id)).status).toBe('sent');
      // Nothing went to the local mailbox.
      expect(await count(`SELECT count(*) AS n FROM local_mailbox WHERE outbox_id = '${id}'`)).toBe(0);
    } finally {
      await smtp.close();
    }
  });

  it('retries with exponential back-off while the server refuses, then sends once it recovers', async () => {
    await drain();
    let refusing = true;
    const smtp = await startTestSmtp(() => refusing);
    const d = deps({ smtpUrl: smtp.url });
    try {
      const id = await enqueueAsSystem(message({ subject: 'Retry me' }));
      const start = clock.getTime();

      expect(await deliverPending(d)).toEqual({ sent: 0, retried: 1, failed: 0 });
      let status = await statusOf(id);
      expect(status).toMatchObject({ status: 'queued', attempts: 1 });
      expect(status.lastError).toMatch(/451/);
      expect(status.nextAttemptAt.getTime()).toBe(start + 5_000);

      // Not due yet: nothing is attempted.
      clock = new Date(start + 4_000);
      expect(await deliverPending(d)).toEqual({ sent: 0, retried: 0, failed: 0 });

      clock = new Date(start + 5_000);
      expect(await deliverPending(d)).toEqual({ sent: 0, retried: 1, failed: 0 });
      status = await statusOf(id);
      expect(status.attempts).toBe(2);
      expect(status.nextAttemptAt.getTime()).toBe(start + 5_000 + 10_000);

      refusing = false;
      clock = new Date(start + 15_000);
      expect(await deliverPending(d)).toEqual({ sent: 1, retried: 0, failed: 0 });
      status = await statusOf(id);
      expect(status).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
      expect(smtp.received.map((m) => m.raw.match(/^Subject: (.*)$/m)?.[1])).toEqual(['Retry me']);
    } finally {
      await smtp.close();
    }
  });

  it('gives up after the last attempt and records why, without the SMTP credentials', async () => {
    await drain();
    const smtp = await startTestSmtp(() => true);
    const d = deps({ smtpUrl: smtp.url.replace('smtp://', 'smtp://mailer:s3cret-pass@') });
    try {
      const id = await enqueueAsSystem(message({ subject: 'Doomed' }));
      for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt += 1) {
        const report = await deliverPending(d);
        expect(report).toEqual(
          attempt < MAIL_MAX_ATTEMPTS ? { sent: 0, retried: 1, failed: 0 } : { sent: 0, retried: 0, failed: 1 },
        );
        clock = new Date(clock.getTime() + retryDelayMs(attempt));
      }
      const status = await statusOf(id);
      expect(status).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS });
      expect(status.lastError).not.toContain('s3cret-pass');
      expect(await deliverPending(d)).toEqual({ sent: 0, retried: 0, failed: 0 });
    } finally {
      await smtp.close();
    }
  });

  it('never sends a message twice when two workers run at once', async () => {
    await drain();
    const smtp = await startTestSmtp();
    try {
      const ids = new Set<string>();
      for (let i = 0; i < 25; i += 1) ids.add(await enqueueAsSystem(message({ subject: `Bulk ${i}` })));
      const [a, b] = await Promise.all([
        deliverPending(deps({ smtpUrl: smtp.url })),
        deliverPending(deps({ smtpUrl: smtp.url })),
      ]);
      expect(a.sent + b.sent).toBe(25);
      const messageIds = smtp.received.map((m) => m.raw.match(/^Message-ID: <([^@]+)@/m)?.[1]);
      expect(messageIds).toHaveLength(25);
      expect(new Set(messageIds)).toEqual(ids);
    } finally {
      await smtp.close();
    }
  });
});

describe('the development mailbox route', () => {
  it.each([
    ['SMTP_URL is set', { smtpUrl: 'smtp://127.0.0.1:1' }],
    ['NODE_ENV is production', { nodeEnv: 'production' }],
  ])('does not exist when %s', async (_label, config) => {
    const { app } = await buildTestApp('mailserver', t.db, { config });
    try {
      const res = await app.inject({ method: 'GET', url: '/mailserver/api/v1/dev/mailbox?to=admin@demo.test' });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    } finally {
      await app.close();
    }
  });
});
