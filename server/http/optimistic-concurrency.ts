/**
 * Optimistic concurrency (docs/api.md section 7): every item carries `version`; an update names the
 * version it was made from, in the body's `version` or an `If-Match` header, and is refused with
 * `409 VERSION_CONFLICT` when the stored version has moved on. Each write increments the version.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, type VersionConflict } from '../../src/shared/api-envelope.ts';
import { ApiError } from './api-error.ts';

const IF_MATCH = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/;

export const versionConflict = (what = 'The item', conflict?: VersionConflict) =>
  new ApiError(
    409,
    ERROR_CODES.VERSION_CONFLICT,
    `${what} was changed by someone else; reload it and apply your change again`,
    conflict ? { conflict } : {},
  );

/** The version the caller's update is based on: the body's `version`, else the `If-Match` header. */
export function expectedVersion(req: FastifyRequest, bodyVersion: number | undefined): number {
  const header = req.headers['if-match'];
  let fromHeader: number | undefined;
  if (typeof header === 'string' && header.trim() !== '') {
    const match = IF_MATCH.exec(header);
    if (!match) {
      throw new ApiError(400, ERROR_CODES.VALIDATION_FAILED, 'The request is not valid', {
        details: [{ path: 'headers.if-match', message: 'must be the item version, for example "3"' }],
      });
    }
    fromHeader = Number(match[1]);
  }
  if (bodyVersion !== undefined && fromHeader !== undefined && bodyVersion !== fromHeader) {
    throw new ApiError(400, ERROR_CODES.VALIDATION_FAILED, 'The request is not valid', {
      details: [{ path: 'headers.if-match', message: 'disagrees with body.version' }],
    });
  }
  const version = bodyVersion ?? fromHeader;
  if (version === undefined) {
    throw new ApiError(400, ERROR_CODES.VALIDATION_FAILED, 'The request is not valid', {
      details: [{ path: 'body.version', message: 'send the version you edited, in body.version or If-Match' }],
    });
  }
  return version;
}

/** `ETag: "<version>"`, so that a client can echo it back in `If-Match`. */
export function setVersionTag(reply: FastifyReply, version: number): void {
  void reply.header('etag', `"${version}"`);
}
