/**
 * `/companies/:id` and its users, groups and roles: the caller's own company, or any company for a super
 * admin (who then reads inside that company's tenant, so row-level security still scopes every row).
 */
import type { FastifyRequest } from 'fastify';
import { auditChange } from '../../../http/audit-change.ts';
import { notFound } from '../../../http/api-error.ts';
import { assertPermission, requireAuthContext } from '../../../http/auth-context.ts';
import type { App, ServiceDeps } from '../../../http/build-service-app.ts';
import { runRead, runWrite } from '../../../http/idempotency.ts';
import { idParams, itemResponse, listMeta, listResponse, toListQuery } from '../../../http/list-query.ts';
import { assertVersion, expectedVersion, setVersionTag } from '../../../http/optimistic-concurrency.ts';
import { findCompany, updateCompanySettings } from './company-repository.ts';
import { companySchema, updateCompanyBody } from '../../../../src/shared/contracts/company.ts';
import { listGroups } from '../groups/group-repository.ts';
import { groupListQuery, groupSchema } from '../../../../src/shared/contracts/groups.ts';
import { listRoles } from '../roles/role-repository.ts';
import { roleListQuery, roleSchema } from '../../../../src/shared/contracts/roles.ts';
import { listUsers } from '../users/user-repository.ts';
import { userListQuery, userSchema } from '../../../../src/shared/contracts/users.ts';

/** The tenant a company route acts in; another company is invisible (404) unless the caller is a super admin. */
function targetCompany(req: FastifyRequest, id: string): string {
  const auth = requireAuthContext(req);
  if (id !== auth.companyId && !auth.isSuperAdmin) throw notFound('Company');
  return id;
}

export function registerCompanyRoutes(app: App, deps: ServiceDeps): void {
  app.get(
    '/companies/:id',
    {
      schema: {
        summary: 'Read a company (your own; any for a super admin)',
        tags: ['companies'],
        params: idParams,
        response: { 200: itemResponse(companySchema) },
      },
    },
    async (req, reply) => {
      assertPermission(requireAuthContext(req), 'company', 'read');
      const companyId = targetCompany(req, req.params.id);
      const company = await runRead(deps, req, { companyId }, (tx) => findCompany(tx, companyId));
      if (!company) throw notFound('Company');
      setVersionTag(reply, company.version);
      return { data: company };
    },
  );

  app.route({
    method: ['PUT', 'PATCH'],
    url: '/companies/:id',
    schema: {
      summary: 'Update company settings (optimistic concurrency: send `version` or `If-Match`)',
      tags: ['companies'],
      params: idParams,
      body: updateCompanyBody,
      response: { 200: itemResponse(companySchema) },
    },
    handler: async (req, reply) => {
      assertPermission(requireAuthContext(req), 'company', 'update');
      const companyId = targetCompany(req, req.params.id);
      const { version: bodyVersion, ...patch } = req.body;
      const expected = expectedVersion(req, bodyVersion);
      const result = await runWrite(deps, req, reply, { companyId }, async (tx, auth) => {
        const before = await findCompany(tx, companyId, { lock: true });
        if (!before) throw notFound('Company');
        assertVersion(before.version, expected, 'The company');
        await updateCompanySettings(tx, companyId, patch);
        const after = (await findCompany(tx, companyId))!;
        await auditChange(tx, req, auth, {
          action: 'company.update',
          entity: 'company',
          entityId: companyId,
          companyId,
          before,
          after,
        });
        return { data: after };
      });
      setVersionTag(reply, result.data.version);
      return result;
    },
  });

  app.get(
    '/companies/:id/users',
    {
      schema: {
        summary: 'List a company’s users',
        tags: ['companies'],
        params: idParams,
        querystring: userListQuery,
        response: { 200: listResponse(userSchema) },
      },
    },
    async (req) => {
      assertPermission(requireAuthContext(req), 'users', 'read');
      const companyId = targetCompany(req, req.params.id);
      const query = toListQuery(req.query, { field: 'name', descending: false });
      const { items, total } = await runRead(deps, req, { companyId }, (tx) => listUsers(tx, query));
      return { data: items, meta: listMeta(total, query) };
    },
  );

  app.get(
    '/companies/:id/groups',
    {
      schema: {
        summary: 'List a company’s user groups',
        tags: ['companies'],
        params: idParams,
        querystring: groupListQuery,
        response: { 200: listResponse(groupSchema) },
      },
    },
    async (req) => {
      assertPermission(requireAuthContext(req), 'groups', 'read');
      const companyId = targetCompany(req, req.params.id);
      const query = toListQuery(req.query, { field: 'name', descending: false });
      const { items, total } = await runRead(deps, req, { companyId }, (tx) => listGroups(tx, query));
      return { data: items, meta: listMeta(total, query) };
    },
  );

  app.get(
    '/companies/:id/roles',
    {
      schema: {
        summary: 'List a company’s roles',
        tags: ['companies'],
        params: idParams,
        querystring: roleListQuery,
        response: { 200: listResponse(roleSchema) },
      },
    },
    async (req) => {
      assertPermission(requireAuthContext(req), 'roles', 'read');
      const companyId = targetCompany(req, req.params.id);
      const query = toListQuery(req.query, { field: 'name', descending: false });
      const { items, total } = await runRead(deps, req, { companyId }, (tx) => listRoles(tx, query));
      return { data: items, meta: listMeta(total, query) };
    },
  );
}
