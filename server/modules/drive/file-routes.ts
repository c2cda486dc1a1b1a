/**
 * `/filesystem/file`: one attachment per upload, stored in the company's own rows.
 *
 * Upload: `POST /filesystem/file` with the file's bytes as the raw body. The file's name comes in the
 * `X-File-Name` header (percent-encoded UTF-8 allowed) or the `name` query parameter; its type is the
 * request's `Content-Type`, or, when that is `application/octet-stream`, the `X-File-Type` header or the
 * `type` query parameter (or, failing both, the name's extension). The query-string form needs no custom
 * header, which suits browsers (a CORS preflight allows only the shared header list).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ERROR_CODES } from '../../../src/shared/api-envelope.ts';
import { fileDeletedAnswerSchema, fileMetadataSchema, uploadQuerySchema } from '../../../src/shared/contracts/drive.ts';
import { assertFileDeletable, fileAccess } from '../../files/file-holders.ts';
import { auditChange } from '../../http/audit-change.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import { requires } from '../../http/route-permission.ts';
import type { App, ServiceDeps } from '../../http/build-service-app.ts';
import { runRead, runWrite } from '../../http/idempotency.ts';
import { idParams, itemResponse } from '../../http/list-query.ts';
import { deleteFile, findFile, findFileContent, insertFile } from './file-repository.ts';
import { checkFileType, MAX_FILE_BYTES, normalizeMediaType, unsupportedFileType } from './file-types.ts';

type UploadQuery = z.infer<typeof uploadQuerySchema>;

const invalid = (path: string, message: string) =>
  new ApiError(400, ERROR_CODES.VALIDATION_FAILED, 'The request is not valid', { details: [{ path, message }] });

function header(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/** The name as stored: no folders, no control characters, NFC (the caller checks the length). */
export function cleanFileName(raw: string): string {
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // Not percent-encoded: take it as it is.
  }
  const CONTROL = /[\p{Cc}]/gu;
  return (decoded.split(/[/\\]/).pop() ?? '').replace(CONTROL, '').trim().normalize('NFC');
}

function uploadName(req: FastifyRequest, query: UploadQuery): string {
  const raw = header(req, 'x-file-name') ?? query.name;
  const where = header(req, 'x-file-name') !== undefined ? 'headers.x-file-name' : 'querystring.name';
  if (raw === undefined) throw invalid('headers.x-file-name', 'the file name is required (X-File-Name or ?name=)');
  const name = cleanFileName(raw);
  if (name.length === 0 || name.length > 255) throw invalid(where, 'must be a file name of 1 to 255 characters');
  return name;
}

function declaredType(req: FastifyRequest, query: UploadQuery): string | undefined {
  const contentType = normalizeMediaType(header(req, 'content-type'));
  if (contentType && contentType !== 'application/octet-stream') return contentType;
  return header(req, 'x-file-type') ?? query.type;
}

/** `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266 / RFC 5987). */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export function registerFileRoutes(app: App, deps: ServiceDeps): void {
  // Raw bodies, in this module's context only (the shared app accepts JSON alone): any content type reaches
  // the upload handler as bytes, which then decides with a 415 that names the allowed types.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_FILE_BYTES }, (_req, body, done) => {
    done(null, body);
  });

  app.post(
    '/filesystem/file',
    {
      bodyLimit: MAX_FILE_BYTES,
      config: { permission: requires('files', 'create') },
      schema: {
        summary: 'Upload one file (raw body; name in X-File-Name or ?name=, type in Content-Type or X-File-Type)',
        tags: ['files'],
        querystring: uploadQuerySchema,
        response: { 201: itemResponse(fileMetadataSchema) },
      },
    },
    async (req, reply) => {
      if (!Buffer.isBuffer(req.body)) {
        throw unsupportedFileType('Send the file itself as the request body (for example application/octet-stream)');
      }
      const bytes = req.body;
      if (bytes.length === 0) throw invalid('body', 'the file is empty');
      const fileName = uploadName(req, req.query);
      const contentType = checkFileType(fileName, declaredType(req, req.query), bytes);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      // The Idempotency-Key fingerprint covers the request body: a digest of the upload stands in for the
      // bytes, so that a 10 MB body is not canonicalised as JSON.
      (req as { body: unknown }).body = { fileName, contentType, size: bytes.length, sha256 };
      return runWrite(deps, req, reply, { status: 201 }, async (tx, auth) => {
        const file = await insertFile(tx, {
          id: randomUUID(),
          companyId: auth.companyId,
          fileName,
          contentType,
          sha256,
          content: bytes,
          createdBy: auth.userId,
          now: deps.now(),
        });
        await auditChange(tx, req, auth, { action: 'file.create', entity: 'file', entityId: file._id, after: file });
        return { data: file };
      });
    },
  );

  app.get(
    '/filesystem/file/:id',
    {
      config: { permission: requires('files', 'read') },
      schema: {
        summary: 'Read one file’s metadata',
        tags: ['files'],
        params: idParams,
        response: { 200: itemResponse(fileMetadataSchema) },
      },
    },
    async (req) => {
      const file = await runRead(deps, req, {}, async (tx, auth) => {
        const found = await findFile(tx, req.params.id);
        return found && (await fileAccess(tx, auth, found._id)).kind !== 'hidden' ? found : undefined;
      });
      if (!file) throw notFound('File');
      return { data: file };
    },
  );

  app.get(
    '/filesystem/file/:id/content',
    {
      config: { permission: requires('files', 'read') },
      schema: {
        summary: 'Download one file (Content-Disposition: attachment)',
        tags: ['files'],
        params: idParams,
      },
    },
    async (req, reply) => {
      const found = await runRead(deps, req, {}, async (tx, auth) => {
        const result = await findFileContent(tx, req.params.id);
        // A file of a record the caller may not read is answered as if it did not exist.
        if (!result || (await fileAccess(tx, auth, result.file._id)).kind === 'hidden') return undefined;
        await auditChange(tx, req, auth, {
          action: 'file.download',
          entity: 'file',
          entityId: result.file._id,
          extra: { fileName: result.file.fileName },
        });
        return result;
      });
      if (!found) throw notFound('File');
      return reply
        .header('content-type', found.file.contentType)
        .header('content-length', String(found.content.length))
        .header('content-disposition', contentDisposition(found.file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(found.content);
    },
  );

  app.delete(
    '/filesystem/file/:id',
    {
      config: { permission: requires('files', 'delete') },
      schema: {
        summary:
          'Delete one file no record uses (409 RESOURCE_IN_USE naming the record; mail already queued with it keeps its own copy)',
        tags: ['files'],
        params: idParams,
        response: { 200: itemResponse(fileDeletedAnswerSchema) },
      },
    },
    async (req, reply) => {
      return runWrite(deps, req, reply, {}, async (tx, auth) => {
        const before = await findFile(tx, req.params.id, { lock: true });
        const access = before ? await fileAccess(tx, auth, before._id) : undefined;
        if (!before || access?.kind === 'hidden') throw notFound('File');
        if (access?.kind === 'readable') assertFileDeletable(auth, access.holders);
        await deleteFile(tx, before._id);
        await auditChange(tx, req, auth, { action: 'file.delete', entity: 'file', entityId: before._id, before });
        return { data: { _id: before._id, deleted: true as const } };
      });
    },
  );
}
