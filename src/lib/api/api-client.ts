/**
 * The one way the app calls its services: the API base per host, both token headers, JSON in and out,
 * `ApiError` for every non-2xx answer (error bodies read as text and parsed, blobs included).
 *
 * The 401 interceptor of SPEC.md section 8 runs in the service worker when one controls the page; a
 * page without one (first visit, workers blocked) runs the same module from src/shared itself, loaded
 * on demand so that it stays out of the first load.
 */
import type { VersionConflict } from '../../shared/api-envelope';
import type { ServiceName } from '../../shared/services';
import type { TokenPair } from '../../shared/session-types';
import { authHeaderEntries } from '../../shared/refresh-coordinator';
import { readAuthCookies } from '../cookies';
import { apiBase } from './api-base';
import { ApiError } from './api-error';

export { apiBase } from './api-base';

/** Code of an `ApiError` for a request that never got an answer (offline, DNS, CORS). */
export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';

/** Both headers of SPEC.md section 7 on top of the caller's. */
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
  );
}

/**
 * Calls `{apiBase(service)}{path}` and returns the parsed JSON body (the whole envelope, `{ data }`).
 * Throws `ApiError` for a non-2xx answer, and `ApiError(0, NETWORK_ERROR)` when none came.
 */
export async function apiFetch<T>(service: ServiceName, path: string, init: RequestInit = {}): Promise<T> {
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
  return parse(await response.text()) as T;
}
