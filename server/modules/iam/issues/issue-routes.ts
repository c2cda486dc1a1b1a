/**
 * `/issue/tracker` (CONTRACT.md section 7): the company's issues (title, description, status, priority).
 */
import { z } from 'zod';
import {
  createIssueBody,
  issueListQuery,
  issueSchema,
  updateIssueBody,
} from '../../../../src/shared/contracts/issues.ts';
import { auditChange } from '../../../http/audit-change.ts';
import { notFound } from '../../../http/api-error.ts';
import { assertPermission, requireAuthContext } from '../../../http/auth-context.ts';
import type { App, ServiceDeps } from '../../../http/build-service-app.ts';
import { runRead, runWrite } from '../../../http/idempotency.ts';
import { idParams, itemResponse, listMeta, listResponse, toListQuery } from '../../../http/list-query.ts';
import { assertVersion, expectedVersion, setVersionTag } from '../../../http/optimistic-concurrency.ts';
import { deleteIssue, findIssue, insertIssue, listIssues, updateIssue } from './issue-repository.ts';

const BASE = '/issue/tracker';

export function registerIssueRoutes(app: App, deps: ServiceDeps): void {
  app.get(
    BASE,
    {
      schema: {
        summary: 'List the company’s issues',
        tags: ['issues'],
        querystring: issueListQuery,
        response: { 200: listResponse(issueSchema) },
      },
    },
    async (req) => {
      assertPermission(requireAuthContext(req), 'issues', 'read');
      const query = toListQuery(req.query, { field: 'createdAt', descending: true });
      const { items, total } = await runRead(deps, req, {}, (tx) =>
        listIssues(tx, query, { status: req.query.status, priority: req.query.priority }),
      );
      return { data: items, meta: listMeta(total, query) };
    },
  );

  app.get(
    `${BASE}/:id`,
    {
      schema: {
        summary: 'Read one issue',
        tags: ['issues'],
        params: idParams,
        response: { 200: itemResponse(issueSchema) },
      },
    },
    async (req, reply) => {
      assertPermission(requireAuthContext(req), 'issues', 'read');
      const issue = await runRead(deps, req, {}, (tx) => findIssue(tx, req.params.id));
      if (!issue) throw notFound('Issue');
      setVersionTag(reply, issue.version);
      return { data: issue };
    },
  );

  app.post(
    BASE,
    {
      schema: {
        summary: 'Create an issue',
        tags: ['issues'],
        body: createIssueBody,
        response: { 201: itemResponse(issueSchema) },
      },
    },
    async (req, reply) => {
      assertPermission(requireAuthContext(req), 'issues', 'create');
      const body = req.body;
      return runWrite(deps, req, reply, { status: 201 }, async (tx, auth) => {
        const id = await insertIssue(tx, { companyId: auth.companyId, createdBy: auth.userId, ...body });
        const created = (await findIssue(tx, id))!;
        await auditChange(tx, req, auth, { action: 'issue.create', entity: 'issue', entityId: id, after: created });
        return { data: created };
      });
    },
  );

  app.route({
    method: ['PUT', 'PATCH'],
    url: `${BASE}/:id`,
    schema: {
      summary: 'Update an issue (optimistic concurrency: send `version` or `If-Match`)',
      tags: ['issues'],
      params: idParams,
      body: updateIssueBody,
      response: { 200: itemResponse(issueSchema) },
    },
    handler: async (req, reply) => {
      assertPermission(requireAuthContext(req), 'issues', 'update');
      const { version: bodyVersion, ...patch } = req.body;
      const expected = expectedVersion(req, bodyVersion);
      const result = await runWrite(deps, req, reply, {}, async (tx, auth) => {
        const before = await findIssue(tx, req.params.id, { lock: true });
        if (!before) throw notFound('Issue');
        assertVersion(before.version, expected, 'The issue');
        await updateIssue(tx, before._id, patch);
        const after = (await findIssue(tx, before._id))!;
        await auditChange(tx, req, auth, {
          action: 'issue.update',
          entity: 'issue',
          entityId: after._id,
          before,
          after,
        });
        return { data: after };
      });
      setVersionTag(reply, result.data.version);
      return result;
    },
  });

  app.delete(
    `${BASE}/:id`,
    {
      schema: {
        summary: 'Delete an issue',
        tags: ['issues'],
        params: idParams,
        response: { 200: itemResponse(z.object({ _id: z.string(), deleted: z.literal(true) })) },
      },
    },
    async (req, reply) => {
      assertPermission(requireAuthContext(req), 'issues', 'delete');
      return runWrite(deps, req, reply, {}, async (tx, auth) => {
        const before = await findIssue(tx, req.params.id, { lock: true });
        if (!before) throw notFound('Issue');
        await deleteIssue(tx, before._id);
        await auditChange(tx, req, auth, { action: 'issue.delete', entity: 'issue', entityId: before._id, before });
        return { data: { _id: before._id, deleted: true as const } };
      });
    },
  );
}
