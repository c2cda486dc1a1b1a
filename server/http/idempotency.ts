/**
 * Every resource write runs through `runWrite`: one transaction (scoped to a tenant by row-level
 * security, or as the system role for super-admin calls), database refusals mapped to 4xx, and the
 * `Idempotency-Key` header honoured: the same key with the same request replays the stored answer
 * without writing again; the same key with a different request is `422 IDEMPOTENCY_KEY_REUSED`.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../../src/shared/api-envelope.ts';
import type { Queryable } from '../db/database.ts';
import { ApiError } from './api-error.ts';
import { requireAuthContext, type AuthContext } from './auth-context.ts';
import type { ServiceDeps } from './build-service-app.ts';
import { mapDatabaseError } from './database-errors.ts';
import { findIdempotentResponse, lockIdempotencyKey, storeIdempotentResponse } from './idempotency-repository.ts';

const KEY = /^[\x21-\x7e]{1,255}$/;

export interface WriteOptions {
  /** The success status: 200 by default, 201 for a create. */
  status?: number;
  /** `tenant` (default): row-level security scoped to `companyId`; `system`: super-admin, across tenants. */
  scope?: 'tenant' | 'system';
  /** The tenant to act in; the caller's company by default (a super admin may name another). */
  companyId?: string;
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

export function requestHash(req: FastifyRequest): string {
  const signature = {
    method: req.method,
    route: req.routeOptions.url ?? req.url,
    params: req.params ?? null,
    query: req.query ?? null,
    body: req.body ?? null,
    ifMatch: req.headers['if-match'] ?? null,
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(signature)))
    .digest('hex');
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
    const outcome = await deps.db.transaction(txOptions, async (tx) => {
      if (!key) return { replayed: false as const, status, body: await fn(tx, auth) };
      const hash = requestHash(req);
      await lockIdempotencyKey(tx, companyId, key);
      const stored = await findIdempotentResponse(tx, companyId, key);
      if (stored) {
        if (stored.requestHash !== hash) {
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
        companyId,
        key,
        method: req.method,
        path: req.url.split('?')[0] ?? req.url,
        requestHash: hash,
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
