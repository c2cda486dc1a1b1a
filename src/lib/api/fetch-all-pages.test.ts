// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CODES } from '../../shared/api-envelope';
import { contactTagSchema, type ContactTag } from '../../shared/contracts/contacts';
import { listAnswer, MAX_LIMIT } from '../../shared/contracts/resource-contract';
import { ApiError } from './api-error';
import { fetchAllPages } from './fetch-all-pages';

const tag = (n: number): ContactTag =>
  contactTagSchema.parse({
    _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    version: 1,
    name: `Tag ${String(n).padStart(3, '0')}`,
    color: '#1d4ed8',
    createdAt: '2026-05-01T09:30:00.000Z',
    updatedAt: '2026-05-01T09:30:00.000Z',
  });

/**
 * A list service over `rows()` (read at each call, so a test can change it between pages): it answers
 * `?page&limit` the way the resource kit does, with the shared list schema, and refuses a limit above 100.
 */
function serveList(rows: () => ContactTag[], afterAnswer: () => void = () => {}) {
  const fetchMock = vi.fn(async (url: string) => {
    const query = new URL(url).searchParams;
    const page = Number(query.get('page') ?? '1');
    const limit = Number(query.get('limit') ?? '20');
    if (limit > MAX_LIMIT) {
      return new Response(JSON.stringify({ message: 'limit too large', code: 'VALIDATION_FAILED' }), { status: 400 });
    }
    const all = rows();
    const body = listAnswer(contactTagSchema).parse({
      data: all.slice((page - 1) * limit, page * limit),
      meta: { total: all.length, page, limit },
    });
    afterAnswer();
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const requested = (fetchMock: ReturnType<typeof serveList>) =>
  fetchMock.mock.calls.map(([url]) => {
    const parsed = new URL(url);
    return `${parsed.pathname.replace(/^.*\/api\/v1/, '')}${parsed.search}`;
  });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchAllPages', () => {
  it('reads page after page until meta.total items came, keeping the filters, the sort and the order', async () => {
    const rows = Array.from({ length: 230 }, (_, i) => tag(i + 1));
    const fetchMock = serveList(() => rows);
    const all = await fetchAllPages('contactserver', '/contact-tags?sort=name', contactTagSchema);
    expect(all).toHaveLength(230);
    expect(all.map((t) => t.name)).toEqual(rows.map((t) => t.name));
    expect(requested(fetchMock)).toEqual([
      '/contact-tags?sort=name&page=1&limit=100',
      '/contact-tags?sort=name&page=2&limit=100',
      '/contact-tags?sort=name&page=3&limit=100',
    ]);
  });

  it('asks once for a list that fits one page, and once for an empty one', async () => {
    let rows = Array.from({ length: 100 }, (_, i) => tag(i + 1));
    const fetchMock = serveList(() => rows);
    await expect(fetchAllPages('master', '/type', contactTagSchema)).resolves.toHaveLength(100);
    expect(requested(fetchMock)).toEqual(['/type?page=1&limit=100']);

    rows = [];
    fetchMock.mockClear();
    await expect(fetchAllPages('master', '/type', contactTagSchema)).resolves.toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('refuses a list longer than the cap with LIST_TOO_LONG, in words, instead of cutting it', async () => {
    const rows = Array.from({ length: 250 }, (_, i) => tag(i + 1));
    const fetchMock = serveList(() => rows);
    const error = await fetchAllPages('contactserver', '/contact-tags', contactTagSchema, { maxItems: 200 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: ERROR_CODES.LIST_TOO_LONG });
    expect((error as ApiError).message).toBe('This list has 250 entries, more than the 200 the app can show at once.');
    // Known from the first answer's total: nothing more is read.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('keeps an item once when a record added meanwhile shifts the next page by one', async () => {
    let rows = Array.from({ length: 150 }, (_, i) => tag(i + 1));
    let answered = 0;
    serveList(
      () => rows,
      () => {
        // Someone adds a tag that sorts first right after page 1 was answered: page 2 starts one earlier.
        answered += 1;
        if (answered === 1) rows = [tag(0), ...rows];
      },
    );
    const all = await fetchAllPages('contactserver', '/contact-tags', contactTagSchema);
    expect(all.map((t) => t.name)).toEqual(Array.from({ length: 150 }, (_, i) => tag(i + 1).name));
  });

  it('passes an answer outside the contract on as INVALID_RESPONSE', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ data: [{ name: 1 }], meta: { total: 1, page: 1, limit: 100 } }))),
    );
    await expect(fetchAllPages('contactserver', '/contact-tags', contactTagSchema)).rejects.toMatchObject({
      code: ERROR_CODES.INVALID_RESPONSE,
    });
  });
});
