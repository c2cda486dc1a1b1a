/**
 * Every resource write runs through `runWrite`: one transaction (scoped to a tenant by row-level
 * security, or as the system role for super-admin calls), database refusals mapped to 4xx, and the
 * `Idempotency-Key` header honoured: the same key with the same request replays the stored answer
 * without writing again; the same key with a different request is `422 IDEMPOTENCY_KEY_REUSED`.
 *
 * A key belongs to its caller (company and user): another user's key, even a known one, is a new write of
 * their own. Requests are compared by an HMAC under a server secret, never a plain digest, and secret
 * fields (passwords, tokens) never enter it, so a stored fingerprint cannot be tested against guesses.
 * Stored keys last `IDEMPOTENCY_KEY_RETENTION_MS`; older ones are ignored and swept away.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../../src/shared/api-envelope.ts';
import { IDEMPOTENCY_KEY_RETENTION_MS } from '../../src/shared/idempotency-window.ts';
import { keepServerSecret } from '../auth/server-secret-repository.ts';
import type { Database, Queryable } from '../db/database.ts';
import { ApiError } from './api-error.ts';
import { requireAuthContext, type AuthContext } from './auth-context.ts';
import type { ServiceDeps } from './build-service-app.ts';
import { mapDatabaseError } from './database-errors.ts';
import {
  deleteExpiredIdempotencyKeys,
  findIdempotentResponse,
  lockIdempotencyKey,
  storeIdempotentResponse,
} from './idempotency-repository.ts';

const SECRET_NAME = 'idempotency_fingerprint_key';

const KEY = /^[\x21-\x7e]{1,255}$/;

export interface WriteOptions {
  /** The success status: 200 by default, 201 for a create. */
  status?: number;
  /** `tenant` (default): row-level security scoped to `companyId`; `system`: super-admin, across tenants. */
  scope?: 'tenant' | 'system';
  /** The tenant to act in; the caller's company by default (a super admin may name another). */
  companyId?: string;
  /**
   * `false` keeps the body out of the request's fingerprint altogether (a password change): the same key
   * on the same route then replays whatever the body.
   */
  fingerprintBody?: boolean;
}

/** Field names whose values never enter a fingerprint, at any depth of the body. */
const SECRET_FIELD = /password|passcode|secret|token|^otp$/i;

function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, SECRET_FIELD.test(k) ? '[secret]' : withoutSecrets(v)]),
    );
  }
  return value;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/**
 * What tells two requests with one key apart: an HMAC-SHA256 under the server's fingerprint secret, so
 * that nobody holding the table alone can confirm a guess of what was sent.
 */
export function requestFingerprint(
  secret: Uint8Array,
  req: Pick<FastifyRequest, 'method' | 'url' | 'params' | 'query' | 'body' | 'headers'> & {
    routeOptions: { url?: string | undefined };
  },
  options: { body?: boolean } = {},
): string {
  const signature = {
    method: req.method,
    route: req.routeOptions.url ?? req.url,
    params: req.params ?? null,
    query: req.query ?? null,
    body: options.body === false ? null : withoutSecrets(req.body ?? null),
    ifMatch: req.headers['if-match'] ?? null,
  };
  return createHmac('sha256', secret)
    .update(JSON.stringify(canonical(signature)))
    .digest('hex');
}

const secrets = new WeakMap<Database, Promise<Uint8Array>>();

/**
 * The fingerprint secret, generated on first use and kept in the database so that every instance agrees;
 * its own secret, not the token signing key, so that neither can stand in for the other.
 */
export function fingerprintSecret(db: Database): Promise<Uint8Array> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = db
      .transaction({ role: 'freight_system', companyId: null }, (tx) =>
        keepServerSecret(tx, SECRET_NAME, randomBytes(48).toString('base64url')),
      )
      .then((value) => new TextEncoder().encode(value));
    secrets.set(db, secret);
    // A failed load is tried again by the next write, not remembered.
    void secret.catch(() => secrets.delete(db));
  }
  return secret;
}

export function idempotencyKey(req: FastifyRequest): string | undefined {
  const raw = req.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !KEY.test(raw)) {
    throw new ApiError(400, ERROR_CODES.VALIDATION_FAILED, 'The request is not valid', {
      details: [{ path: 'headers.idempotency-key', message: 'must be 1 to 255 visible ASCII characters' }],
    });
  }
  return raw;
}

export async function runWrite<T>(
  deps: ServiceDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  options: WriteOptions,
  fn: (tx: Queryable, auth: AuthContext) => Promise<T>,
): Promise<T> {
  const auth = requireAuthContext(req);
  const key = idempotencyKey(req);
  const status = options.status ?? 200;
  const system = options.scope === 'system';
  const companyId = options.companyId ?? auth.companyId;
  const txOptions = system
    ? { role: 'freight_system' as const, companyId: null, userId: auth.userId }
    : { role: 'freight_app' as const, companyId, userId: auth.userId };
  try {
    // Before the write's transaction: loading the secret the first time takes a transaction of its own.
    const fingerprint = key
      ? requestFingerprint(await fingerprintSecret(deps.db), req, { body: options.fingerprintBody !== false })
      : undefined;
    const outcome = await deps.db.transaction(txOptions, async (tx) => {
      if (key === undefined || fingerprint === undefined) {
        return { replayed: false as const, status, body: await fn(tx, auth) };
      }
      const owner = { companyId, userId: auth.userId, key };
      const now = deps.now();
      await lockIdempotencyKey(tx, owner);
      const stored = await findIdempotentResponse(tx, owner, new Date(now.getTime() - IDEMPOTENCY_KEY_RETENTION_MS));
      if (stored) {
        if (stored.fingerprint !== fingerprint) {
          throw new ApiError(
            422,
            ERROR_CODES.IDEMPOTENCY_KEY_REUSED,
            'This Idempotency-Key was already used for a different request',
          );
        }
        return { replayed: true as const, status: stored.statusCode, body: stored.response as T };
      }
      const body = await fn(tx, auth);
      await storeIdempotentResponse(tx, {
        ...owner,
        method: req.method,
        path: req.url.split('?')[0] ?? req.url,
        fingerprint,
        createdAt: now,
        statusCode: status,
        // Stored as the client saw it, so that a replay is byte-for-byte the same answer.
        response: JSON.parse(JSON.stringify(body ?? null)) as unknown,
      });
      return { replayed: false as const, status, body };
    });
    void reply.code(outcome.status);
    if (outcome.replayed) void reply.header('idempotent-replayed', 'true');
    return outcome.body;
  } catch (error) {
    throw mapDatabaseError(error);
  }
}

/** Runs a read in the caller's tenant (or `companyId`, for a super admin), with database refusals as 4xx. */
export async function runRead<T>(
  deps: ServiceDeps,
  req: FastifyRequest,
  options: { scope?: 'tenant' | 'system'; companyId?: string },
  fn: (tx: Queryable, auth: AuthContext) => Promise<T>,
): Promise<T> {
  const auth = requireAuthContext(req);
  const txOptions =
    options.scope === 'system'
      ? { role: 'freight_system' as const, companyId: null, userId: auth.userId }
      : { role: 'freight_app' as const, companyId: options.companyId ?? auth.companyId, userId: auth.userId };
  try {
    return await deps.db.transaction(txOptions, (tx) => fn(tx, auth));
  } catch (error) {
    throw mapDatabaseError(error);
  }
}

/** How often the running product sweeps expired idempotency keys away. */
export const IDEMPOTENCY_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Deletes the stored keys older than the window, in every company. Reads already ignore them; this keeps
 * the table (and the answers it holds) from growing for ever. Answers how many went.
 */
export function sweepExpiredIdempotencyKeys(db: Database, now: Date): Promise<number> {
  return db.transaction({ role: 'freight_system', companyId: null }, (tx) =>
    deleteExpiredIdempotencyKeys(tx, new Date(now.getTime() - IDEMPOTENCY_KEY_RETENTION_MS)),
  );
}
