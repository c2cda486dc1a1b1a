/**
 * docs/api.md section 10: the services answer what src/shared/contracts says, the schemas the app parses
 * with. Two checks: every route of every service documents its success answer with a schema (read from
 * the services' own OpenAPI documents, so a route added later is covered or makes this test fail), and
 * the calls the app makes, answered by the real services on a real database, parse with the shared
 * schemas.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { SERVICE_NAMES, servicePrefix, type ServiceName } from '../../src/shared/services.ts';
import { okAnswerSchema, validUrlAnswerSchema } from '../../src/shared/contracts/account-recovery.ts';
import { itemAnswer, listAnswer } from '../../src/shared/contracts/resource-contract.ts';
import { fileMetadataSchema } from '../../src/shared/contracts/drive.ts';
import { auditEntrySchema } from '../../src/shared/contracts/log.ts';
import { sendMailAnswerSchema, sentMailSchema } from '../../src/shared/contracts/mail.ts';
import {
  countriesAnswerSchema,
  currenciesAnswerSchema,
  dropdownAnswerSchema,
  timezonesAnswerSchema,
} from '../../src/shared/contracts/master-reference.ts';
import {
  markLoadedAnswerSchema,
  notificationItemSchema,
  notificationListMetaSchema,
  sendNotificationAnswerSchema,
  streamTicketAnswerSchema,
} from '../../src/shared/contracts/notifications.ts';
import { productSchema } from '../../src/shared/contracts/product.ts';
import {
  accessTokenAnswerSchema,
  configKeyAnswerSchema,
  fetchUserAnswerSchema,
  googleMapKeyAnswerSchema,
  logoutAnswerSchema,
  passwordPolicySchema,
  signInAnswerSchema,
  tokenPairSchema,
} from '../../src/shared/contracts/session.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { buildTestApp } from '../testing/test-apps.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import type { App } from './build-service-app.ts';

/**
 * Routes whose success is not a JSON body: the live stream (Server-Sent Events), the browser form of
 * social sign-in (303), the download of a file's bytes, the pictures (an avatar, the logo) and a shipment's
 * PDFs (their refusals, such as 409 NOT_READY, are JSON and documented).
 */
const NOT_JSON = new Set([
  'GET /iamserver/api/v1/notifications/stream',
  'POST /iamserver/api/v1/social/home/redirect',
  'GET /driveserver/api/v1/filesystem/file/{id}/content',
  'GET /iamserver/api/v1/users/{id}/avatar',
  'GET /iamserver/api/v1/companies/{id}/logo',
  'GET /iamserver/api/v1/issue/tracker/{id}/attachment',
  'GET /shipmentserver/api/v1/shipments/{id}/house-bill.pdf',
  'GET /shipmentserver/api/v1/shipments/{id}/arrival-notice.pdf',
  // A report's run: JSON by default (documented), or a CSV or XLSX download with `?format=`.
  'GET /reportserver/api/v1/reportSketch/{id}/run',
]);

let t: TestDatabase;
const apps = {} as Record<ServiceName, App>;
let admin: { authorization: string };
let tokens: z.infer<typeof tokenPairSchema>;

beforeAll(async () => {
  t = await createTestDatabase();
  for (const service of SERVICE_NAMES) ({ app: apps[service] } = await buildTestApp(service, t.db));
  const login = await apps.iamserver.inject({
    method: 'POST',
    url: '/iamserver/api/v1/auth/login',
    payload: { emailId: 'admin@demo.test', password: DEMO_PASSWORD },
  });
  tokens = tokenPairSchema.parse(itemAnswer(signInAnswerSchema).parse(login.json()).data);
  admin = { authorization: `Bearer ${tokens.accessToken}` };
});
afterAll(async () => {
  for (const app of Object.values(apps)) await app?.close();
  await t?.close();
});

/** Calls `service` as the demo admin and parses the answer with `schema`; the status must be `status`. */
async function answer<S extends z.ZodType>(
  service: ServiceName,
  request: { method?: 'GET' | 'POST'; url: string; payload?: object; headers?: Record<string, string> },
  schema: S,
  status = 200,
): Promise<z.output<S>> {
  const res = await apps[service].inject({
    method: request.method ?? 'GET',
    url: `${servicePrefix(service)}${request.url}`,
    headers: { ...admin, ...request.headers },
    ...(request.payload ? { payload: request.payload } : {}),
  });
  expect(res.statusCode, res.body).toBe(status);
  const parsed = schema.safeParse(res.json());
  expect(parsed.error?.issues ?? [], `${request.url} answers outside its contract`).toEqual([]);
  return parsed.data as z.output<S>;
}

describe('every route documents its answer', () => {
  it('declares a JSON response schema for its success status, in every service', async () => {
    const undocumented: string[] = [];
    let operations = 0;
    for (const service of SERVICE_NAMES) {
      const document = apps[service].swagger() as {
        paths?: Record<string, Record<string, { responses?: Record<string, { content?: object }> }>>;
      };
      for (const [path, methods] of Object.entries(document.paths ?? {})) {
        for (const [method, operation] of Object.entries(methods)) {
          const name = `${method.toUpperCase()} ${path}`;
          if (NOT_JSON.has(name)) continue;
          operations += 1;
          const success = Object.entries(operation.responses ?? {}).filter(([code]) => /^2\d\d$/.test(code));
          if (!success.some(([, response]) => response.content && 'application/json' in response.content)) {
            undocumented.push(name);
          }
        }
      }
    }
    expect(operations).toBeGreaterThan(40);
    expect(undocumented).toEqual([]);
  });
});

describe('the answers parse with the shared contracts', () => {
  it('session: fetch-user with company and products, keys, password policy, token renewal', async () => {
    const [user] = await answer('iamserver', { url: '/fetch-user' }, itemAnswer(fetchUserAnswerSchema)).then(
      (body) => body.data,
    );
    expect(user).toMatchObject({ emailId: 'admin@demo.test', company: { name: 'Demo Freight' } });
    expect(user?.products.length).toBeGreaterThan(0);
    await answer('iamserver', { url: '/auth/fetch-config-key' }, itemAnswer(configKeyAnswerSchema));
    await answer('iamserver', { url: '/auth/fetch-google-map-key' }, itemAnswer(googleMapKeyAnswerSchema));
    await answer('iamserver', { url: '/auth/password-policy' }, itemAnswer(passwordPolicySchema));
    const refresh = { 'x-refresh-token': `Bearer ${tokens.refreshToken}` };
    await answer('iamserver', { url: '/auth/token', headers: refresh }, itemAnswer(accessTokenAnswerSchema));
    const renewed = await answer('iamserver', { url: '/auth/refresh', headers: refresh }, itemAnswer(tokenPairSchema));
    const next = { authorization: `Bearer ${renewed.data.accessToken}` };
    await answer('iamserver', { url: '/products', headers: next }, listAnswer(productSchema));
    await answer(
      'iamserver',
      {
        method: 'POST',
        url: '/auth/logout',
        headers: { ...next, 'x-refresh-token': `Bearer ${renewed.data.refreshToken}` },
      },
      itemAnswer(logoutAnswerSchema),
    );
    // The rest of the file signs in afresh: this session is over.
    const login = await apps.iamserver.inject({
      method: 'POST',
      url: '/iamserver/api/v1/auth/login',
      payload: { emailId: 'admin@demo.test', password: DEMO_PASSWORD },
    });
    admin = { authorization: `Bearer ${tokenPairSchema.parse(login.json().data).accessToken}` };
  });

  it('account recovery: reset link and link check', async () => {
    const resetLink = {
      method: 'POST' as const,
      url: '/auth/reset-password-link',
      payload: { emailId: 'ops@demo.test' },
    };
    await answer('iamserver', resetLink, itemAnswer(okAnswerSchema), 202);
    const check = { method: 'POST' as const, url: '/auth/valid-url', payload: { token: 'x'.repeat(43) } };
    expect((await answer('iamserver', check, itemAnswer(validUrlAnswerSchema))).data.valid).toBe(false);
  });

  it('master reference: countries, time zones, currencies, dropdowns', async () => {
    const countries = await answer('master', { url: '/country' }, itemAnswer(countriesAnswerSchema));
    expect(countries.data.find((c) => c.code === 'NL')?.name).toBe('Netherlands');
    await answer('master', { url: '/timezone' }, itemAnswer(timezonesAnswerSchema));
    await answer('master', { url: '/currency-list' }, itemAnswer(currenciesAnswerSchema));
    const dropdowns = await answer('master', { url: '/dropdown?module=home' }, itemAnswer(dropdownAnswerSchema));
    expect(dropdowns.data.length).toBeGreaterThan(0);
  });

  it('notifications: send, list with the unread count, mark loaded, stream ticket', async () => {
    const send = {
      method: 'POST' as const,
      url: '/notifications',
      payload: { title: 'Contract check', body: 'Parsed on both sides' },
    };
    await answer('iamserver', send, itemAnswer(sendNotificationAnswerSchema), 201);
    await answer(
      'iamserver',
      { url: '/notifications' },
      listAnswer(notificationItemSchema, notificationListMetaSchema),
    );
    const mark = { method: 'POST' as const, url: '/notifications/mark-loaded', payload: {} };
    await answer('iamserver', mark, itemAnswer(markLoadedAnswerSchema));
    const ticket = { method: 'POST' as const, url: '/notifications/stream-ticket' };
    await answer('iamserver', ticket, itemAnswer(streamTicketAnswerSchema));
  });

  it('drive, mail and log: an upload, a queued message, the sent list and the audit trail', async () => {
    const file = await apps.driveserver.inject({
      method: 'POST',
      url: '/driveserver/api/v1/filesystem/file?name=rates.pdf',
      headers: { ...admin, 'content-type': 'application/pdf' },
      payload: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(64, 0x20), Buffer.from('\n%%EOF\n')]),
    });
    expect(file.statusCode, file.body).toBe(201);
    const uploaded = itemAnswer(fileMetadataSchema).parse(file.json()).data;
    const mail = {
      method: 'POST' as const,
      url: '/send',
      payload: { to: ['ops@demo.test'], subject: 'Rates', body: '<p>Attached.</p>', attachments: [uploaded._id] },
    };
    await answer('mailserver', mail, itemAnswer(sendMailAnswerSchema), 202);
    const sent = await answer('mailserver', { url: '/send' }, listAnswer(sentMailSchema));
    expect(sent.data[0]?.attachments[0]?.fileName).toBe('rates.pdf');
    await answer('logserver', { url: '/audit' }, listAnswer(auditEntrySchema));
    await answer('logserver', { url: '/audit-history?entity=mail&entityId=x' }, listAnswer(auditEntrySchema));
  });
});
