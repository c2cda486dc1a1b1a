/**
 * Test support for the mail-borne account flows: an iamserver and a mailserver on one test database with a
 * clock the test moves, and a way to read the mail the way a user (or a script) would: delivered by the
 * outbox worker to the local mailbox and listed by `GET /dev/mailbox`. Used only by *.test.ts files.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { Queryable } from '../../../db/database.ts';
import type { App, ServiceDeps } from '../../../http/build-service-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database.ts';
import { buildTestApp, type CapturedLogs } from '../../../testing/test-apps.ts';
import { deliverPending } from '../../mail/delivery-worker.ts';

export interface MailboxEntry {
  to: string;
  toAddresses: string[];
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
}

export interface AccountFlowKit {
  t: TestDatabase;
  iam: App;
  mail: App;
  deps: ServiceDeps;
  captured: CapturedLogs;
  /** The test's clock; `advance` moves it. */
  now(): Date;
  advance(ms: number): void;
  resetClock(): void;
  /** Delivers the outbox, then lists the address's local mailbox, newest first. */
  inbox(address: string): Promise<MailboxEntry[]>;
  /** `POST` JSON to the iamserver. */
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** Signs in with the real `/auth/login`; returns the access token. */
  signIn(email: string, password: string): Promise<string>;
  system<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export const IAM = '/iamserver/api/v1';

export async function startAccountFlowKit(): Promise<AccountFlowKit> {
  const t = await createTestDatabase();
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  const { app: iam, deps, captured } = await buildTestApp('iamserver', t.db, { now });
  const { app: mail } = await buildTestApp('mailserver', t.db, { now });
  const post: AccountFlowKit['post'] = (path, body, headers = {}) =>
    iam.inject({
      method: 'POST',
      url: `${IAM}${path}`,
      payload: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...headers },
    });
  return {
    t,
    iam,
    mail,
    deps,
    captured,
    now,
    advance(ms) {
      offset += ms;
    },
    resetClock() {
      offset = 0;
    },
    async inbox(address) {
      await deliverPending(deps);
      const res = await mail.inject({
        method: 'GET',
        url: `/mailserver/api/v1/dev/mailbox?to=${encodeURIComponent(address)}`,
      });
      if (res.statusCode !== 200) throw new Error(`mailbox answered ${res.statusCode}`);
      return (res.json() as { data: MailboxEntry[] }).data;
    },
    post,
    async signIn(email, password) {
      const res = await post('/auth/login', { emailId: email, password });
      if (res.statusCode !== 200) throw new Error(`sign-in answered ${res.statusCode}: ${res.body}`);
      return (res.json() as { data: { accessToken: string } }).data.accessToken;
    },
    system: (fn) => t.db.transaction({ role: 'freight_system', companyId: null }, fn),
    async close() {
      await iam.close();
      await mail.close();
      await t.close();
    },
  };
}

/** The token of the first link to `path` in a mail's text. */
export function linkToken(mail: MailboxEntry, path: string): string {
  const match = new RegExp(`${path.replace(/[/.?]/g, '\\$&')}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match?.[1]) throw new Error(`no ${path} link in the mail`);
  return match[1];
}
