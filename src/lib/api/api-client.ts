/**
 * The one way the app calls its services: the API base per host, both token headers, JSON in and out,
 * `ApiError` for every non-2xx answer (error bodies read as text and parsed, blobs included), and the
 * answer parsed with the call's contract (src/shared/contracts): `apiCall` returns the `data` of
 * `{ data }`, `apiList` the `{ items, meta }` of a list. The envelope is unwrapped here and nowhere else.
 *
 * The 401 interceptor of docs/product-rules.md section 8 runs in the service worker when one controls the page; a
 * page without one (first visit, workers blocked) runs the same module from src/shared itself, loaded
 * on demand so that it stays out of the first load.
 */
import type { z } from 'zod';
import { ERROR_CODES, type ErrorDetail, type VersionConflict } from '../../shared/api-envelope';
import { itemAnswer, listAnswer, listMetaSchema } from '../../shared/contracts/resource-contract';
import type { ServiceName } from '../../shared/services';
import type { TokenPair } from '../../shared/contracts/session';
import { authHeaderEntries } from '../../shared/refresh-coordinator';
import { readAuthCookies } from '../cookies';
import { apiBase } from './api-base';
import { ApiError } from './api-error';

export { apiBase } from './api-base';

/** Code of an `ApiError` for a request that never got an answer (offline, DNS, CORS). */
export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';

/** Both headers of docs/product-rules.md section 7 on top of the caller's. */
export function withAuthHeaders(headers: HeadersInit | undefined, tokens: TokenPair | null): Headers {
  const result = new Headers(headers);
  if (tokens) for (const [name, value] of Object.entries(authHeaderEntries(tokens))) result.set(name, value);
  return result;
}

/** Sends a request with the auth headers, through the page-side interceptor when no worker does it. */
export async function authorizedFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const send = (tokens: TokenPair | null) => fetch(url, { ...init, headers: withAuthHeaders(init.headers, tokens) });
  const tokens = readAuthCookies();
  if (!tokens || navigator.serviceWorker?.controller) return send(tokens);
  const { pageRefreshCoordinator } = await import('../session/page-refresh');
  return pageRefreshCoordinator().fetch(send);
}

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Seconds of a `Retry-After` header given in seconds (429, 503), when there is one. */
function retryAfterSeconds(response: Response): number | undefined {
  const seconds = Number(response.headers.get('Retry-After') ?? '');
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

/** The error a non-2xx answer stands for; the body is read as text whatever its type. */
export async function toApiError(response: Response): Promise<ApiError> {
  const body = parse(await response.text().catch(() => '')) as
    { code?: unknown; message?: unknown; details?: unknown; conflict?: VersionConflict } | string | undefined;
  const envelope = typeof body === 'object' && body !== null ? body : {};
  return new ApiError(
    response.status,
    typeof envelope.code === 'string' ? envelope.code : `HTTP_${response.status}`,
    typeof envelope.message === 'string' ? envelope.message : response.statusText || `HTTP ${response.status}`,
    envelope.details,
    typeof envelope.conflict === 'object' && envelope.conflict !== null ? envelope.conflict : undefined,
    retryAfterSeconds(response),
  );
}

/**
 * Sends `{apiBase(service)}{path}` and returns the status and the parsed JSON body (undefined when empty).
 * Throws `ApiError` for a non-2xx answer, and `ApiError(0, NETWORK_ERROR)` when none came.
 */
async function request(
  service: ServiceName,
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; body: unknown }> {
  const headers = new Headers(init.headers);
  if (init.body !== undefined && typeof init.body === 'string' && !headers.has('Content-Type')) {
    headers.set('Content-Type', 'application/json');
  }
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  let response: Response;
  try {
    response = await authorizedFetch(`${apiBase(service)}${path}`, { ...init, headers });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR_CODE, error instanceof Error ? error.message : 'Network request failed');
  }
  if (!response.ok) throw await toApiError(response);
  return { status: response.status, body: parse(await response.text()) };
}

/** Parses an answer with its contract; one that does not match is an `INVALID_RESPONSE` with the paths. */
function parseAnswer(schema: z.ZodType, answer: { status: number; body: unknown }, what: string): unknown {
  const result = schema.safeParse(answer.body);
  if (result.success) return result.data;
  const details: ErrorDetail[] = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  throw new ApiError(
    answer.status,
    ERROR_CODES.INVALID_RESPONSE,
    `The answer of ${what} does not match its contract`,
    details,
  );
}

/** `service path` without the query string (which may hold what a user typed) for error messages. */
function callName(service: ServiceName, path: string): string {
  return `${service} ${path.split('?')[0] ?? ''}`;
}

/**
 * Calls a service and returns the `data` of its `{ data }` answer, parsed with `schema` (the call's answer
 * schema from src/shared/contracts). Throws `ApiError`: the service's code for a non-2xx answer (with
 * `retryAfterSeconds` when it sent `Retry-After`), `NETWORK_ERROR` (status 0) when no answer came, and
 * `INVALID_RESPONSE` when the answer does not match the schema.
 */
export async function apiCall<S extends z.ZodType>(
  service: ServiceName,
  path: string,
  schema: S,
  init: RequestInit = {},
): Promise<z.output<S>> {
  const answer = await request(service, path, init);
  return (parseAnswer(itemAnswer(schema), answer, callName(service, path)) as { data: z.output<S> }).data;
}

/**
 * `apiCall`'s unwrapping for a 2xx answer that came another way (an upload through XMLHttpRequest, for
 * its progress events): the `data` of the body `text`, parsed with `schema`.
 */
export function dataOfAnswer<S extends z.ZodType>(
  service: ServiceName,
  path: string,
  schema: S,
  answer: { status: number; text: string },
): z.output<S> {
  const body = parse(answer.text);
  return (
    parseAnswer(itemAnswer(schema), { status: answer.status, body }, callName(service, path)) as {
      data: z.output<S>;
    }
  ).data;
}

/** The options of `apiList`: a request's, and the schema of a `meta` that carries more than paging. */
export interface ApiListInit<M extends z.ZodType> extends RequestInit {
  meta?: M;
}

/**
 * Calls a list (`{ data: [...], meta }`, docs/api.md section 7) and returns `{ items, meta }`, each item
 * parsed with `item`; `meta` is `{ total, page, limit }` unless `init.meta` names a wider schema. Throws
 * like `apiCall`.
 */
export async function apiList<Item extends z.ZodType, M extends z.ZodType = typeof listMetaSchema>(
  service: ServiceName,
  path: string,
  item: Item,
  init: ApiListInit<M> = {},
): Promise<{ items: z.output<Item>[]; meta: z.output<M> }> {
  const { meta, ...requestInit } = init;
  const answer = await request(service, path, requestInit);
  const body = parseAnswer(listAnswer(item, meta ?? listMetaSchema), answer, callName(service, path)) as {
    data: z.output<Item>[];
    meta: z.output<M>;
  };
  return { items: body.data, meta: body.meta };
}
