/**
 * `/groups` (CONTRACT.md section 7): user groups (name, description, members). Members must be users of
 * the same company; every write is audited.
 */
import { z } from 'zod';
import {
  createGroupBody,
  groupListQuery,
  groupSchema,
  updateGroupBody,
} from '../../../../src/shared/contracts/groups.ts';
import { ERROR_CODES } from '../../../../src/shared/api-envelope.ts';
import type { Queryable } from '../../../db/database.ts';
import { auditChange } from '../../../http/audit-change.ts';
import { ApiError, notFound } from '../../../http/api-error.ts';
import { assertPermission, requireAuthContext } from '../../../http/auth-context.ts';
import type { App, ServiceDeps } from '../../../http/build-service-app.ts';
import { runRead, runWrite } from '../../../http/idempotency.ts';
import { idParams, itemResponse, listMeta, listResponse, toListQuery } from '../../../http/list-query.ts';
import { assertVersion, expectedVersion, setVersionTag } from '../../../http/optimistic-concurrency.ts';
import {
  deleteGroup,
  findGroup,
  insertGroup,
  listGroups,
  replaceGroupMembers,
  updateGroup,
} from './group-repository.ts';
import { existingUserIds } from '../users/user-repository.ts';

async function checkedMembers(tx: Queryable, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  const found = await existingUserIds(tx, unique);
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw new ApiError(400, ERROR_CODES.VALIDATION_FAILED, 'The request is not valid', {
      details: [{ path: 'body.memberIds', message: 'contains ids that are not users of this company' }],
    });
  }
  return unique;
}

export function registerGroupRoutes(app: App, deps: ServiceDeps): void {
  app.get(
    '/groups',
    {
      schema: {
        summary: 'List the company’s user groups',
        tags: ['groups'],
        querystring: groupListQuery,
        response: { 200: listResponse(groupSchema) },
      },
    },
    async (req) => {
      assertPermission(requireAuthContext(req), 'groups', 'read');
      const query = toListQuery(req.query, { field: 'name', descending: false });
      const { items, total } = await runRead(deps, req, {}, (tx) => listGroups(tx, query));
      return { data: items, meta: listMeta(total, query) };
    },
  );

  app.get(
    '/groups/:id',
    {
      schema: {
        summary: 'Read one group',
        tags: ['groups'],
        params: idParams,
        response: { 200: itemResponse(groupSchema) },
      },
    },
    async (req, reply) => {
      assertPermission(requireAuthContext(req), 'groups', 'read');
      const group = await runRead(deps, req, {}, (tx) => findGroup(tx, req.params.id));
      if (!group) throw notFound('Group');
      setVersionTag(reply, group.version);
      return { data: group };
    },
  );

  app.post(
    '/groups',
    {
      schema: {
        summary: 'Create a group',
        tags: ['groups'],
        body: createGroupBody,
        response: { 201: itemResponse(groupSchema) },
      },
    },
    async (req, reply) => {
      assertPermission(requireAuthContext(req), 'groups', 'create');
      const body = req.body;
      return runWrite(deps, req, reply, { status: 201 }, async (tx, auth) => {
        const members = await checkedMembers(tx, body.memberIds);
        const id = await insertGroup(tx, { companyId: auth.companyId, name: body.name, description: body.description });
        await replaceGroupMembers(tx, { id, companyId: auth.companyId }, members);
        const created = (await findGroup(tx, id))!;
        await auditChange(tx, req, auth, { action: 'group.create', entity: 'group', entityId: id, after: created });
        return { data: created };
      });
    },
  );

  app.route({
    method: ['PUT', 'PATCH'],
    url: '/groups/:id',
    schema: {
      summary: 'Update a group (optimistic concurrency: send `version` or `If-Match`)',
      tags: ['groups'],
      params: idParams,
      body: updateGroupBody,
      response: { 200: itemResponse(groupSchema) },
    },
    handler: async (req, reply) => {
      assertPermission(requireAuthContext(req), 'groups', 'update');
      const { version: bodyVersion, memberIds: newMembers, ...patch } = req.body;
      const expected = expectedVersion(req, bodyVersion);
      const result = await runWrite(deps, req, reply, {}, async (tx, auth) => {
        const before = await findGroup(tx, req.params.id, { lock: true });
        if (!before) throw notFound('Group');
        assertVersion(before.version, expected, 'The group');
        await updateGroup(tx, before._id, patch);
        if (newMembers) {
          await replaceGroupMembers(
            tx,
            { id: before._id, companyId: before.companyId },
            await checkedMembers(tx, newMembers),
          );
        }
        const after = (await findGroup(tx, before._id))!;
        await auditChange(tx, req, auth, {
          action: 'group.update',
          entity: 'group',
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
    '/groups/:id',
    {
      schema: {
        summary: 'Delete a group',
        tags: ['groups'],
        params: idParams,
        response: { 200: itemResponse(z.object({ _id: z.string(), deleted: z.literal(true) })) },
      },
    },
    async (req, reply) => {
      assertPermission(requireAuthContext(req), 'groups', 'delete');
      return runWrite(deps, req, reply, {}, async (tx, auth) => {
        const before = await findGroup(tx, req.params.id, { lock: true });
        if (!before) throw notFound('Group');
        await deleteGroup(tx, before._id);
        await auditChange(tx, req, auth, { action: 'group.delete', entity: 'group', entityId: before._id, before });
        return { data: { _id: before._id, deleted: true as const } };
      });
    },
  );
}
