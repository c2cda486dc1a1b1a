/**
 * `GET /issue/tracker/:id/attachment`: the file attached to an issue, for the issue's company's users with
 * `issues: read` and for super admins (across every company, the system role, as the tracker's list,
 * read and update of `issue-resource.ts` do).
 */
import type { FastifyRequest } from 'fastify';
import { notFound } from '../../../http/api-error.ts';
import { requireAuthContext } from '../../../http/auth-context.ts';
import type { App, ServiceDeps } from '../../../http/build-service-app.ts';
import { runRead } from '../../../http/idempotency.ts';
import { idParams } from '../../../http/list-query.ts';
import { requires } from '../../../http/route-permission.ts';
import { findFileContent } from '../../drive/file-repository.ts';
import { contentDisposition } from '../../drive/file-routes.ts';
import { findIssue } from './issue-repository.ts';

const PATH = '/issue/tracker';

/** A super admin reads across companies; everyone else inside their own. */
function scopeOf(req: FastifyRequest): { scope: 'system' | 'tenant' } {
  return { scope: requireAuthContext(req).isSuperAdmin ? 'system' : 'tenant' };
}

export function registerIssueAttachmentRoute(app: App, deps: ServiceDeps): void {
  app.get(
    `${PATH}/:id/attachment`,
    {
      config: { permission: requires('issues', 'read') },
      schema: {
        summary:
          'The file attached to an issue (its company’s users who may read issues, and super admins; 404 otherwise)',
        tags: ['issues'],
        params: idParams,
      },
    },
    async (req, reply) => {
      const { id } = req.params as { id: string };
      const found = await runRead(deps, req, scopeOf(req), async (tx) => {
        const issue = await findIssue(tx, id);
        if (!issue?.attachmentFileId) return undefined;
        const file = await findFileContent(tx, issue.attachmentFileId);
        // Only a file of the issue's own company (checked on create; the system role would see any).
        return file?.file.companyId === issue.companyId ? file : undefined;
      });
      if (!found) throw notFound('Attachment');
      // The app shows it from a blob (an authenticated fetch), so the download disposition is harmless
      // and keeps a browser that opens the URL directly from rendering it on this origin.
      return reply
        .header('content-type', found.file.contentType)
        .header('content-length', String(found.content.length))
        .header('content-disposition', contentDisposition(found.file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=300')
        .send(found.content);
    },
  );
}
