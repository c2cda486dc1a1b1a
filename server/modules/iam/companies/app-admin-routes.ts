/**
 * `/app-admin/companies`: the super admin's view of every tenant (list, read, create, change the plan),
 * run as the system role across tenants. Everyone else gets 403.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { auditChange } from '../../../http/audit-change.ts';
import { forbidden, notFound } from '../../../http/api-error.ts';
import { requireAuthContext } from '../../../http/auth-context.ts';
import type { App, ServiceDeps } from '../../../http/build-service-app.ts';
import { runRead, runWrite } from '../../../http/idempotency.ts';
import {
  idParams,
  itemResponse,
  listMeta,
  listQuerySchema,
  listResponse,
  toListQuery,
} from '../../../http/list-query.ts';
import { assertVersion, expectedVersion, setVersionTag } from '../../../http/optimistic-concurrency.ts';
import { COMPANY_SORT_FIELDS, findCompany, listCompanies, updateCompanyPlan } from './company-repository.ts';
import { provisionCompany } from './company-provisioning.ts';
import { companySchema } from '../../../../src/shared/contracts/company.ts';

const planName = z.string().trim().min(1).max(50);
const expiryDate = z.iso.date();

const createCompanyBody = z.strictObject({
  name: z.string().trim().min(1).max(100),
  shortName: z.string().trim().min(1).max(20),
  planName: planName.default('standard'),
  expiryDate,
  operatingCountry: z.string().trim().min(2).max(3).default('US'),
  currency: z.string().trim().length(3).default('USD'),
  timezone: z.string().trim().min(1).max(100).default('UTC'),
});

const updatePlanBody = z.strictObject({
  version: z.number().int().min(1).optional(),
  planName: planName.optional(),
  expiryDate: expiryDate.optional(),
});

function requireSuperAdmin(req: FastifyRequest): void {
  if (!requireAuthContext(req).isSuperAdmin) throw forbidden('Only a super admin can do this');
}

const BASE = '/app-admin/companies';

export function registerAppAdminRoutes(app: App, deps: ServiceDeps): void {
  app.get(
    BASE,
    {
      schema: {
        summary: 'List every company (super admin)',
        tags: ['app-admin'],
        querystring: listQuerySchema(COMPANY_SORT_FIELDS),
        response: { 200: listResponse(companySchema) },
      },
    },
    async (req) => {
      requireSuperAdmin(req);
      const query = toListQuery(req.query, { field: 'name', descending: false });
      const { items, total } = await runRead(deps, req, { scope: 'system' }, (tx) => listCompanies(tx, query));
      return { data: items, meta: listMeta(total, query) };
    },
  );

  app.get(
    `${BASE}/:id`,
    {
      schema: {
        summary: 'Read any company (super admin)',
        tags: ['app-admin'],
        params: idParams,
        response: { 200: itemResponse(companySchema) },
      },
    },
    async (req, reply) => {
      requireSuperAdmin(req);
      const company = await runRead(deps, req, { scope: 'system' }, (tx) => findCompany(tx, req.params.id));
      if (!company) throw notFound('Company');
      setVersionTag(reply, company.version);
      return { data: company };
    },
  );

  app.post(
    BASE,
    {
      schema: {
        summary: 'Create a company with its products, default roles and picklists (super admin)',
        tags: ['app-admin'],
        body: createCompanyBody,
        response: { 201: itemResponse(companySchema) },
      },
    },
    async (req, reply) => {
      requireSuperAdmin(req);
      const body = req.body;
      return runWrite(deps, req, reply, { status: 201, scope: 'system' }, async (tx, auth) => {
        const { companyId: id } = await provisionCompany(tx, body);
        const created = (await findCompany(tx, id))!;
        await auditChange(tx, req, auth, {
          action: 'company.create',
          entity: 'company',
          entityId: id,
          companyId: id,
          after: created,
        });
        return { data: created };
      });
    },
  );

  app.route({
    method: ['PUT', 'PATCH'],
    url: `${BASE}/:id`,
    schema: {
      summary: 'Change a company’s plan (super admin; optimistic concurrency)',
      tags: ['app-admin'],
      params: idParams,
      body: updatePlanBody,
      response: { 200: itemResponse(companySchema) },
    },
    handler: async (req, reply) => {
      requireSuperAdmin(req);
      const { version: bodyVersion, ...patch } = req.body;
      const expected = expectedVersion(req, bodyVersion);
      const result = await runWrite(deps, req, reply, { scope: 'system' }, async (tx, auth) => {
        const before = await findCompany(tx, req.params.id, { lock: true });
        if (!before) throw notFound('Company');
        assertVersion(before.version, expected, 'The company');
        await updateCompanyPlan(tx, before._id, patch);
        const after = (await findCompany(tx, before._id))!;
        await auditChange(tx, req, auth, {
          action: 'company.plan_change',
          entity: 'company',
          entityId: before._id,
          companyId: before._id,
          before,
          after,
        });
        return { data: after };
      });
      setVersionTag(reply, result.data.version);
      return result;
    },
  });
}
