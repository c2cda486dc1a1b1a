/**
 * `/app-admin/companies`: the super admin's console over every tenant (list, read, create with its first
 * admin, change the plan), run as the system role across tenants. Everyone else gets 403, before the
 * request's body is read (a route-level `onRequest` hook, after the scope's authentication), so a refused
 * caller learns nothing about the routes' schemas and sends no body for nothing.
 */
import type { FastifyRequest } from 'fastify';
import { auditChange } from '../../../http/audit-change.ts';
import { forbidden, notFound } from '../../../http/api-error.ts';
import { requireAuthContext } from '../../../http/auth-context.ts';
import type { App, ServiceDeps } from '../../../http/build-service-app.ts';
import { runRead, runWrite } from '../../../http/idempotency.ts';
import { staleVersion } from '../../../http/resource-kit.ts';
import {
  idParams,
  itemResponse,
  listMeta,
  listQuerySchema,
  listResponse,
  toListQuery,
} from '../../../http/list-query.ts';
import { expectedVersion, setVersionTag } from '../../../http/optimistic-concurrency.ts';
import { findUser } from '../users/user-repository.ts';
import { findAppAdminCompany, findCompany, listAppAdminCompanies, updateCompanyPlan } from './company-repository.ts';
import { provisionCompany } from './company-provisioning.ts';
import {
  APP_ADMIN_COMPANY_SORT_FIELDS,
  appAdminCompanySchema,
  createAppAdminCompanyBody,
  updateCompanyPlanBody,
} from '../../../../src/shared/contracts/company.ts';

/** The routes' `onRequest`: runs after the scope's authentication, before the body is read. */
async function requireSuperAdmin(req: FastifyRequest): Promise<void> {
  if (!requireAuthContext(req).isSuperAdmin) throw forbidden('Only a super admin can do this');
}

const BASE = '/app-admin/companies';

export function registerAppAdminRoutes(app: App, deps: ServiceDeps): void {
  app.get(
    BASE,
    {
      onRequest: requireSuperAdmin,
      schema: {
        summary: 'List every company with its plan and number of users (super admin)',
        tags: ['app-admin'],
        querystring: listQuerySchema(APP_ADMIN_COMPANY_SORT_FIELDS),
        response: { 200: listResponse(appAdminCompanySchema) },
      },
    },
    async (req) => {
      const query = toListQuery(req.query, { field: 'name', descending: false });
      const { items, total } = await runRead(deps, req, { scope: 'system' }, (tx) => listAppAdminCompanies(tx, query));
      return { data: items, meta: listMeta(total, query) };
    },
  );

  app.get(
    `${BASE}/:id`,
    {
      onRequest: requireSuperAdmin,
      schema: {
        summary: 'Read any company (super admin)',
        tags: ['app-admin'],
        params: idParams,
        response: { 200: itemResponse(appAdminCompanySchema) },
      },
    },
    async (req, reply) => {
      const company = await runRead(deps, req, { scope: 'system' }, (tx) => findAppAdminCompany(tx, req.params.id));
      if (!company) throw notFound('Company');
      setVersionTag(reply, company.version);
      return { data: company };
    },
  );

  app.post(
    BASE,
    {
      onRequest: requireSuperAdmin,
      schema: {
        summary:
          'Create a company with its products, default roles, picklists and first admin, who is mailed an invitation (super admin; 409 when the admin’s e-mail is taken)',
        tags: ['app-admin'],
        body: createAppAdminCompanyBody,
        response: { 201: itemResponse(appAdminCompanySchema) },
      },
    },
    async (req, reply) => {
      const { admin, ...profile } = req.body;
      return runWrite(deps, req, reply, { status: 201, scope: 'system' }, async (tx, auth) => {
        const inviter = await findUser(tx, auth.userId);
        const { companyId: id, adminUserId } = await provisionCompany(tx, profile, admin, {
          deps,
          invitedByName: inviter?.name || 'Freight Desk',
          invitedByUserId: auth.userId,
          requestId: req.id,
        });
        const created = (await findAppAdminCompany(tx, id))!;
        await auditChange(tx, req, auth, {
          action: 'company.create',
          entity: 'company',
          entityId: id,
          companyId: id,
          after: { ...created, admin: { _id: adminUserId, email: admin.email.toLowerCase() } },
        });
        return { data: created };
      });
    },
  );

  app.route({
    method: ['PUT', 'PATCH'],
    url: `${BASE}/:id`,
    onRequest: requireSuperAdmin,
    schema: {
      summary:
        'Change a company’s plan: extend it (a later expiry) or end it (expiry yesterday) (super admin; optimistic concurrency)',
      tags: ['app-admin'],
      params: idParams,
      body: updateCompanyPlanBody,
      response: { 200: itemResponse(appAdminCompanySchema) },
    },
    handler: async (req, reply) => {
      const { version: bodyVersion, ...patch } = req.body;
      const expected = expectedVersion(req, bodyVersion);
      const result = await runWrite(deps, req, reply, { scope: 'system' }, async (tx, auth) => {
        const before = await findCompany(tx, req.params.id, { lock: true });
        if (!before) throw notFound('Company');
        if (before.version !== expected) await staleVersion(tx, before, 'company', 'Company');
        await updateCompanyPlan(tx, before._id, patch);
        await auditChange(tx, req, auth, {
          action: 'company.plan_change',
          entity: 'company',
          entityId: before._id,
          companyId: before._id,
          before,
          after: (await findCompany(tx, before._id))!,
        });
        return { data: (await findAppAdminCompany(tx, before._id))! };
      });
      setVersionTag(reply, result.data.version);
      return result;
    },
  });
}
