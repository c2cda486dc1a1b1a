/**
 * `/companies/:id` and its users, groups and roles: the caller's own company, or any company for a super
 * admin (who then reads inside that company's tenant, so row-level security still scopes every row).
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { auditChange } from '../../../http/audit-change.ts';
import { notFound } from '../../../http/api-error.ts';
import { assertPermission, requireAuthContext } from '../../../http/auth-context.ts';
import type { App, ServiceDeps } from '../../../http/build-service-app.ts';
import { runRead, runWrite } from '../../../http/idempotency.ts';
import { idParams, itemResponse, listMeta, listResponse, toListQuery } from '../../../http/list-query.ts';
import { assertVersion, expectedVersion, setVersionTag } from '../../../http/optimistic-concurrency.ts';
import { findCompany, updateCompanySettings } from './company-repository.ts';
import { companySchema } from '../../../../src/shared/contracts/company.ts';
import { listGroups } from '../groups/group-repository.ts';
import { groupListQuery, groupSchema } from '../groups/group-routes.ts';
import { listRoles } from '../roles/role-repository.ts';
import { roleListQuery, roleSchema } from '../roles/role-routes.ts';
import { listUsers } from '../users/user-repository.ts';
import { userListQuery, userSchema } from '../users/user-routes.ts';

const shortText = z.string().trim().min(1).max(100);

const updateCompanyBody = z.strictObject({
  version: z.number().int().min(1).optional(),
  name: shortText.optional(),
  short_name: z.string().trim().min(1).max(20).optional(),
  company_type: shortText.optional(),
  account_type: shortText.optional(),
  prefered_language: z.string().trim().min(2).max(10).optional(),
  operating_country: z.string().trim().min(2).max(3).optional(),
  currency: z.string().trim().length(3).optional(),
  timezone: shortText.optional(),
  address: z.record(z.string().max(50), z.string().max(500)).optional(),
  phone: z.string().trim().max(40).optional(),
  is_subscribed_for_campaign: z.boolean().optional(),
  twoFactorAuth: z.boolean().optional(),
  account_setup: z.boolean().optional(),
});

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
