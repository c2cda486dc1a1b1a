/**
 * `/issue/tracker` list, read, update and attachment. The company's users with the `issues` permission
 * work inside their company (row-level security); a super admin works across every company (the system
 * role, as `/app-admin/companies` does): the list spans all companies (`companyId` narrows it), and they
 * may read an issue, its attachment, and update its status. Creating and deleting are the resource kit's
 * (`issue-resource.ts`). Updates keep the kit's rules: version or `If-Match` (409 VERSION_CONFLICT),
 * `Idempotency-Key`, an `issue.update` audit entry in the issue's company.
 */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { issueListQuery, issueSchema, updateIssueBody } from '../../../../src/shared/contracts/issues.ts';
import type { Queryable } from '../../../db/database.ts';
import { notFound } from '../../../http/api-error.ts';
import { auditChange } from '../../../http/audit-change.ts';
import { requireAuthContext } from '../../../http/auth-context.ts';
import type { App, ServiceDeps } from '../../../http/build-service-app.ts';
import { runRead, runWrite } from '../../../http/idempotency.ts';
import { idParams, itemResponse, listMeta, listResponse, toListQuery } from '../../../http/list-query.ts';
import { expectedVersion, setVersionTag } from '../../../http/optimistic-concurrency.ts';
import { staleVersion } from '../../../http/resource-kit.ts';
import { requires } from '../../../http/route-permission.ts';
import { findFileContent } from '../../drive/file-repository.ts';
import { contentDisposition } from '../../drive/file-routes.ts';
import { findIssue, listIssues, updateIssue, type IssueSortField } from './issue-repository.ts';
import { auditableIssue, ISSUE_ENTITY, ISSUE_LABEL } from './issue-resource.ts';

const PATH = '/issue/tracker';

/** A super admin reads and updates across companies; everyone else inside their own. */
function scopeOf(req: FastifyRequest): { scope: 'system' | 'tenant' } {
  return { scope: requireAuthContext(req).isSuperAdmin ? 'system' : 'tenant' };
}

async function findOr404(tx: Queryable, id: string, lock = false) {
  const issue = await findIssue(tx, id, { lock });
  if (!issue) throw notFound(ISSUE_LABEL);
  return issue;
}

export function registerIssueRoutes(app: App, deps: ServiceDeps): void {
  app.get(
    PATH,
    {
      config: { permission: requires('issues', 'read') },
      schema: {
        summary: 'List issues: the company’s own, or every company’s for a super admin (`companyId` narrows it)',
        tags: ['issues'],
        querystring: issueListQuery,
        response: { 200: listResponse(issueSchema) },
      },
    },
    async (req) => {
      const raw = req.query as z.output<typeof issueListQuery>;
      const query = toListQuery<IssueSortField>(raw, { field: 'createdAt', descending: true });
      const { items, total } = await runRead(deps, req, scopeOf(req), (tx) =>
        listIssues(tx, query, { status: raw.status, priority: raw.priority, companyId: raw.companyId }),
      );
      return { data: items, meta: listMeta(total, query) };
    },
  );

  app.get(
    `${PATH}/:id`,
    {
      config: { permission: requires('issues', 'read') },
      schema: {
        summary: 'Read one issue (a super admin: of any company)',
        tags: ['issues'],
        params: idParams,
        response: { 200: itemResponse(issueSchema) },
      },
    },
    async (req, reply) => {
      const { id } = req.params as { id: string };
      const issue = await runRead(deps, req, scopeOf(req), (tx) => findOr404(tx, id));
      setVersionTag(reply, issue.version);
      return { data: issue };
    },
  );

  app.route({
    method: ['PUT', 'PATCH'],
    url: `${PATH}/:id`,
    config: { permission: requires('issues', 'update') },
    schema: {
      summary:
        'Update an issue’s title, description, status or priority (send `version` or `If-Match`; a super admin: any company’s)',
      tags: ['issues'],
      params: idParams,
      body: updateIssueBody,
      response: { 200: itemResponse(issueSchema) },
    },
    handler: async (req, reply) => {
      const { id } = req.params as { id: string };
      const { version: bodyVersion, ...patch } = req.body as z.output<typeof updateIssueBody>;
      const expected = expectedVersion(req, bodyVersion);
      const result = await runWrite(deps, req, reply, scopeOf(req), async (tx, auth) => {
        const before = await findOr404(tx, id, true);
        if (before.version !== expected) await staleVersion(tx, before, ISSUE_ENTITY, ISSUE_LABEL);
        await updateIssue(tx, id, patch);
        const after = await findOr404(tx, id);
        await auditChange(tx, req, auth, {
          action: `${ISSUE_ENTITY}.update`,
          entity: ISSUE_ENTITY,
          entityId: id,
          // The issue's company keeps its history, also when a super admin changed it.
          companyId: before.companyId,
          before: auditableIssue(before),
          after: auditableIssue(after),
        });
        return { data: after };
      });
      setVersionTag(reply, result.data.version);
      return result;
    },
  });

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
