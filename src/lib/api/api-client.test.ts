// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { itemAnswer, listAnswer } from '../../shared/contracts/resource-contract';
import {
  notificationItemSchema,
  notificationListMetaSchema,
  type NotificationItem,
} from '../../shared/contracts/notifications';
import { configKeyAnswerSchema } from '../../shared/contracts/session';
import { apiCall, apiList, dataOfAnswer } from './api-client';
import { ApiError } from './api-error';

function answerWith(status: number, body: unknown, headers: Record<string, string> = {}) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json', ...headers },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const item: NotificationItem = notificationItemSchema.parse({
  _id: 'n1',
  status: 'new',
  kind: 'general',
  title: 'Rates updated',
  body: '',
  link: null,
  createdAt: '2026-05-01T09:30:00.000Z',
  loadedAt: null,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiCall', () => {
  it("returns the `data` of the answer, parsed with the call's schema, and sends JSON", async () => {
    const fetchMock = answerWith(200, itemAnswer(configKeyAnswerSchema).parse({ data: { pendoKey: 'pk-1' } }));
    const body = { a: 1 };
    await expect(
      apiCall('iamserver', '/auth/fetch-config-key', configKeyAnswerSchema, {
        method: 'POST',
        body: JSON.stringify(body),
      }),
    ).resolves.toEqual({ pendoKey: 'pk-1' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toMatch(/\/iamserver\/api\/v1\/auth\/fetch-config-key$/);
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('drops fields the contract does not know', async () => {
    answerWith(200, { data: { pendoKey: 'pk-1', secret: 'x' } });
    await expect(apiCall('iamserver', '/auth/fetch-config-key', configKeyAnswerSchema)).resolves.toEqual({
      pendoKey: 'pk-1',
    });
  });

  it('throws INVALID_RESPONSE with the paths when the answer does not match the contract', async () => {
    answerWith(200, { pendoKey: 'pk-1' });
    const error = await failure(apiCall('iamserver', '/auth/fetch-config-key?x=typed', configKeyAnswerSchema));
    expect(error).toMatchObject({ status: 200, code: 'INVALID_RESPONSE' });
    expect(error.details).toEqual([expect.objectContaining({ path: 'data' })]);
    // What a user typed in a query string stays out of the message.
    expect(error.message).toContain('iamserver /auth/fetch-config-key');
    expect(error.message).not.toContain('typed');

    answerWith(200, { data: { pendoKey: 42 } });
    const wrongType = await failure(apiCall('iamserver', '/auth/fetch-config-key', configKeyAnswerSchema));
    expect(wrongType.details).toEqual([expect.objectContaining({ path: 'data.pendoKey' })]);

    answerWith(200, 'not json');
    expect((await failure(apiCall('iamserver', '/x', configKeyAnswerSchema))).code).toBe('INVALID_RESPONSE');
  });

  it("throws the service's code for a non-2xx answer, with Retry-After when given", async () => {
    answerWith(429, { message: 'Too many attempts', code: 'TOO_MANY_ATTEMPTS' }, { 'Retry-After': '8' });
    const error = await failure(apiCall('iamserver', '/auth/login', z.unknown(), { method: 'POST', body: '{}' }));
    expect(error).toMatchObject({ status: 429, code: 'TOO_MANY_ATTEMPTS', retryAfterSeconds: 8 });
  });

  it('throws NETWORK_ERROR with status 0 when no answer came', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await failure(apiCall('master', '/country', z.unknown()))).toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
    });
  });
});

describe('apiList', () => {
  it('returns the items and the meta of a list answer', async () => {
    answerWith(200, { data: [item], meta: { total: 1, page: 1, limit: 20 } });
    await expect(apiList('iamserver', '/notifications', notificationItemSchema)).resolves.toEqual({
      items: [item],
      meta: { total: 1, page: 1, limit: 20 },
    });
  });

  it('parses a wider meta with its own schema', async () => {
    const wire = listAnswer(notificationItemSchema, notificationListMetaSchema).parse({
      data: [item],
      meta: { total: 1, page: 1, limit: 20, unread: 1 },
    });
    answerWith(200, wire);
    const list = await apiList('iamserver', '/notifications', notificationItemSchema, {
      meta: notificationListMetaSchema,
    });
    expect(list.meta.unread).toBe(1);
  });

  it('throws INVALID_RESPONSE for an item outside the contract or a missing meta', async () => {
    answerWith(200, { data: [{ ...item, status: 'archived' }], meta: { total: 1, page: 1, limit: 20 } });
    const bad = await failure(apiList('iamserver', '/notifications', notificationItemSchema));
    expect(bad).toMatchObject({
      code: 'INVALID_RESPONSE',
      details: [expect.objectContaining({ path: 'data.0.status' })],
    });

    answerWith(200, { data: [item] });
    const noMeta = await failure(apiList('iamserver', '/notifications', notificationItemSchema));
    expect(noMeta.details).toEqual([expect.objectContaining({ path: 'meta' })]);
  });
});

describe('dataOfAnswer', () => {
  it('unwraps and parses an answer that came by another transport', () => {
    const text = JSON.stringify({ data: { pendoKey: 'pk-2' } });
    expect(dataOfAnswer('iamserver', '/x', configKeyAnswerSchema, { status: 201, text })).toEqual({ pendoKey: 'pk-2' });
    expect(() => dataOfAnswer('iamserver', '/x', configKeyAnswerSchema, { status: 201, text: '{}' })).toThrow(
      expect.objectContaining({ code: 'INVALID_RESPONSE' }),
    );
  });
});
