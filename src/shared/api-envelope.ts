/**
 * The JSON envelope of every answer (docs/api.md section 4), shared by the services and the client. The
 * success envelopes are zod schemas (./contracts/resource-contract.ts); the error envelope and its codes are here,
 * free of zod, since the service worker reads them too.
 */
import type { z } from 'zod';
import type { listMetaSchema } from './contracts/resource-contract';
import type { PAPERWORK_ERROR_CODES } from './contracts/shipment-paperwork';

export type ListMeta = z.infer<typeof listMetaSchema>;

export interface ErrorDetail {
  path: string;
  message: string;
}

/**
 * What a `409 VERSION_CONFLICT` says about the stored record, so that the client can name who changed it
 * and offer to reload or to overwrite (send again with `version`).
 */
export interface VersionConflict {
  /** The stored version, newer than the one the caller edited. */
  version: number;
  updatedAt: string;
  /** Who made the last change, when known (from the audit trail). */
  updatedBy: { _id: string; name: string } | null;
}

export interface ErrorEnvelope {
  message: string;
  code: string;
  details?: ErrorDetail[];
  /** Only on `409 VERSION_CONFLICT`. */
  conflict?: VersionConflict;
}

/** Machine codes that callers branch on. One table, so a code is never spelled twice. */
export const ERROR_CODES = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  BAD_REQUEST: 'BAD_REQUEST',
  MALFORMED_JSON: 'MALFORMED_JSON',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  NOT_FOUND: 'NOT_FOUND',
  METHOD_NOT_ALLOWED: 'METHOD_NOT_ALLOWED',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  ACCESS_TOKEN_EXPIRED: 'ACCESS_TOKEN_EXPIRED',
  ACCESS_TOKEN_INVALID: 'ACCESS_TOKEN_INVALID',
  REFRESH_TOKEN_INVALID: 'REFRESH_TOKEN_INVALID',
  SESSION_REVOKED: 'SESSION_REVOKED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  TOO_MANY_ATTEMPTS: 'TOO_MANY_ATTEMPTS',
  FORBIDDEN: 'FORBIDDEN',
  SUBSCRIPTION_EXPIRED: 'SUBSCRIPTION_EXPIRED',
  VERSION_CONFLICT: 'VERSION_CONFLICT',
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  /** Client side: a 2xx answer that does not match the call's contract (src/shared/contracts). */
  INVALID_RESPONSE: 'INVALID_RESPONSE',
  /** Client side: a list the app needs whole is longer than it reads at once (`fetchAllPages`). */
  LIST_TOO_LONG: 'LIST_TOO_LONG',
  ACTION_TOKEN_INVALID: 'ACTION_TOKEN_INVALID',
  ACTION_TOKEN_EXPIRED: 'ACTION_TOKEN_EXPIRED',
  ALREADY_EXISTS: 'ALREADY_EXISTS',
  RESOURCE_IN_USE: 'RESOURCE_IN_USE',
  /** A change that would leave the company with nobody able to administer roles. */
  LAST_ADMIN: 'LAST_ADMIN',
  /** A system role cannot be deleted or emptied. */
  SYSTEM_ROLE: 'SYSTEM_ROLE',
  /** Only a draft shipment can be deleted; a booked one is cancelled instead (docs/shipments.md). */
  SHIPMENT_NOT_DRAFT: 'SHIPMENT_NOT_DRAFT',
  /** A shipment that has left (in transit, arrived or delivered) cannot be cancelled (docs/shipments.md). */
  SHIPMENT_IN_TRANSIT: 'SHIPMENT_IN_TRANSIT',
  /** An actual milestone lies more than 5 minutes ahead of the server's clock. */
  ACTUAL_EVENT_IN_FUTURE: 'ACTUAL_EVENT_IN_FUTURE',
  /** A charge's currency has no rate valid on the shipment's ETD; `details` name the currency and the date. */
  NO_RATE: 'NO_RATE',
  /** A job cannot close without a revenue line. */
  NO_REVENUE: 'NO_REVENUE',
  /** A job closing with a margin at or below zero needs `lossReason`. */
  LOSS_REASON_REQUIRED: 'LOSS_REASON_REQUIRED',
  /** The charges of a closed job are kept as they closed; reopen it to change them. */
  SHIPMENT_CLOSED: 'SHIPMENT_CLOSED',
  IDENTITY_PROVIDER_UNAVAILABLE: 'IDENTITY_PROVIDER_UNAVAILABLE',
  STREAM_TICKET_INVALID: 'STREAM_TICKET_INVALID',
} as const;

/**
 * The codes of one screen's calls, kept in that screen's contract: every entry of `ERROR_CODES` travels in
 * the signed-in first load, whose budget (230 kB) has no bytes to spare.
 */
export type ErrorCode =
  (typeof ERROR_CODES)[keyof typeof ERROR_CODES] | (typeof PAPERWORK_ERROR_CODES)[keyof typeof PAPERWORK_ERROR_CODES];

/** Texts the client relies on verbatim (docs/api.md section 4). */
export const ERROR_MESSAGES = {
  ACCESS_TOKEN_EXPIRED: 'jwt expired',
  REFRESH_TOKEN_INVALID: 'refresh token is invalid or expired',
  SUBSCRIPTION_EXPIRED: 'Your Subscription has been expired. Please Contact Support Team',
} as const;
