/**
 * `/app-admin/companies`: the super admin's console over every tenant (list, read, create with its first
 * admin, change the plan), run as the system role across tenants. List, read and the plan change are the
 * resource kit's `system` scope; creating provisions a whole tenant and stays here. Everyone else gets 403
 * before the request's body is read (a route-level `onRequest` hook, after the scope's authentication),
 * so a refused caller learns nothing about the routes' schemas and sends no body for nothing.
 */
import { auditChange } from '../../../http/audit-change.ts';
import type { App, ServiceDeps } from '../../../http/build-service-app.ts';
import { runWrite } from '../../../http/idempotency.ts';
import { itemResponse, listQuerySchema } from '../../../http/list-query.ts';
import { defineResource, registerResource, requireSuperAdmin } from '../../../http/resource-kit.ts';
import { findUser } from '../users/user-repository.ts';
import {
  findAppAdminCompany,
  findCompany,
  listAppAdminCompanies,
  updateCompanyPlan,
  type CompanyItem,
} from './company-repository.ts';
import { provisionCompany } from './company-provisioning.ts';
import {
  APP_ADMIN_COMPANY_SORT_FIELDS,
  appAdminCompanySchema,
  createAppAdminCompanyBody,
  updateCompanyPlanBody,
  type AppAdminCompany,
} from '../../../../src/shared/contracts/company.ts';
import type { ListQuery } from '../../../http/list-query.ts';

const BASE = '/app-admin/companies';

type AppAdminSortField = (typeof APP_ADMIN_COMPANY_SORT_FIELDS)[number];

/** The audit diff compares the company's own fields, not the number of its users. */
function auditableCompany(company: AppAdminCompany): CompanyItem {
  const { userCount, ...own } = company;
  void userCount;
  return own;
}

export const appAdminCompanyResource = defineResource({
  path: BASE,
  entity: 'company',
  label: 'Company',
  scope: 'system',
  tag: 'app-admin',
  operations: ['list', 'read', 'update'],
  schemas: {
    item: appAdminCompanySchema,
    listQuery: listQuerySchema(APP_ADMIN_COMPANY_SORT_FIELDS),
    update: updateCompanyPlanBody,
  },
  defaultSort: { field: 'name', descending: false },
  repository: {
    list: (tx, query) => listAppAdminCompanies(tx, query as ListQuery<AppAdminSortField>),
    // The plan change locks the company's own row; the answer adds the number of its users.
    find: async (tx, id, options) => {
      if (options?.lock && !(await findCompany(tx, id, { lock: true }))) return undefined;
      return findAppAdminCompany(tx, id);
    },
    update: updateCompanyPlan,
  },
  auditable: auditableCompany,
  // The company keeps its own history, though a super admin of another company changed it.
  companyOf: (company) => company._id,
  actions: { update: 'company.plan_change' },
  summaries: {
    list: 'List every company with its plan and number of users (super admin)',
    read: 'Read any company (super admin)',
    update:
      'Change a company’s plan: extend it (a later expiry) or end it (expiry yesterday) (super admin; optimistic concurrency)',
  },
});

export function registerAppAdminRoutes(app: App, deps: ServiceDeps): void {
  registerResource(app, deps, appAdminCompanyResource);

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
}
