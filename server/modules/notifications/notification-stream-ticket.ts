/**
 * Tickets for the live stream. `EventSource` cannot send an `Authorization` header and tokens never go in
 * URLs, so an authenticated call buys a ticket: 256 random bits, single use, valid 30 seconds, stored only
 * as its SHA-256 hash in PostgreSQL (any instance can redeem what another issued). Redeeming deletes it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { ERROR_CODES } from '../../../src/shared/api-envelope.ts';
import { readSessionPrincipal } from '../../auth/session-repository.ts';
import { sessionRevoked } from '../../auth/authenticate.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import type { ServiceDeps } from '../../http/build-service-app.ts';
import { consumeStreamTicket, deleteExpiredStreamTickets, insertStreamTicket } from './notification-repository.ts';

export const STREAM_TICKET_TTL_MS = 30_000;

export interface StreamOwner {
  companyId: string;
  userId: string;
  sessionId: string;
}

const hashTicket = (ticket: string) => createHash('sha256').update(ticket, 'utf8').digest('hex');

export const streamTicketInvalid = () =>
  new ApiError(401, ERROR_CODES.STREAM_TICKET_INVALID, 'The stream ticket is invalid, used or expired');

export async function issueStreamTicket(
  deps: ServiceDeps,
  auth: AuthContext,
): Promise<{ ticket: string; expiresAt: string }> {
  const ticket = randomBytes(32).toString('base64url');
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + STREAM_TICKET_TTL_MS);
  await deps.db.transaction({ role: 'freight_app', companyId: auth.companyId, userId: auth.userId }, async (tx) => {
    await deleteExpiredStreamTickets(tx, now);
    await insertStreamTicket(tx, {
      hash: hashTicket(ticket),
      companyId: auth.companyId,
      userId: auth.userId,
      sessionId: auth.sessionId,
      expiresAt,
    });
  });
  return { ticket, expiresAt: expiresAt.toISOString() };
}

/** Uses the ticket up and returns whose stream it opens; 401 when unknown, used, expired or its session ended. */
export async function redeemStreamTicket(deps: ServiceDeps, ticket: string): Promise<StreamOwner> {
  const owner = await deps.db.transaction({ role: 'freight_system', companyId: null }, (tx) =>
    consumeStreamTicket(tx, hashTicket(ticket), deps.now()),
  );
  if (!owner) throw streamTicketInvalid();
  await assertSessionLive(deps, owner);
  return owner;
}

/** 401 SESSION_REVOKED when the owner's session was revoked or the user disabled since. */
export async function assertSessionLive(deps: ServiceDeps, owner: StreamOwner): Promise<void> {
  const principal = await readSessionPrincipal(deps.db, owner);
  if (!principal || principal.sessionRevoked || principal.userDisabled) throw sessionRevoked();
}
