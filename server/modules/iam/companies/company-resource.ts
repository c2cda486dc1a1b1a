/**
 * `/companies/:id` and its users, groups and roles, served by the resource kit: the caller's own company,
 * or any company for a super admin (who then acts inside that company's tenant, so row-level security
 * still scopes every row). Companies are created by the app admin (`app-admin-routes.ts`), never here.
 */
import type { FastifyRequest } from 'fastify';
import { companySchema, updateCompanyBody } from '../../../../src/shared/contracts/company.ts';
import { listQuerySchema } from '../../../../src/shared/contracts/resource-contract.ts';
import { notFound } from '../../../http/api-error.ts';
import { runRead } from '../../../http/idempotency.ts';
import { idParams } from '../../../http/list-query.ts';
import { findFileContent } from '../../drive/file-repository.ts';
import { assertPictureFile } from '../users/image-file.ts';
import { requireAuthContext } from '../../../http/auth-context.ts';
import type { App, ServiceDeps } from '../../../http/build-service-app.ts';
import { defineResource, registerResource, registerTenantList } from '../../../http/resource-kit.ts';
import { iamResourceNames } from '../iam-resource-names.ts';
import { groupResource } from '../groups/group-resource.ts';
import { roleResource } from '../roles/role-resource.ts';
import { userResource } from '../users/user-resource.ts';
import { COMPANY_SORT_FIELDS, findCompany, updateCompanySettings } from './company-repository.ts';

/** The tenant a company route acts in; another company is invisible (404) unless the caller is a super admin. */
function targetCompany(req: FastifyRequest, id: string | undefined): string {
  const auth = requireAuthContext(req);
  if (!id || (id !== auth.companyId && !auth.isSuperAdmin)) throw notFound('Company');
  return id;
}

export const companyResource = defineResource({
  ...iamResourceNames('company', 'company', '/companies'),
  tag: 'companies',
  operations: ['read', 'update'],
  summaries: {
    read: 'Read a company (your own; any for a super admin)',
    update: 'Update company settings (optimistic concurrency: send `version` or `If-Match`)',
  },
  schemas: { item: companySchema, listQuery: listQuerySchema(COMPANY_SORT_FIELDS), update: updateCompanyBody },
  repository: { find: findCompany, update: updateCompanySettings },
  tenant: targetCompany,
  hooks: {
    beforeUpdate: async ({ tx, auth }, _before, patch) => {
      await assertPictureFile(tx, auth, patch.logoFileId, 'body.logoFileId');
      return patch;
    },
  },
});

export function registerCompanyRoutes(app: App, deps: ServiceDeps): void {
  registerResource(app, deps, companyResource);
  app.get(
    '/companies/:id/logo',
    {
      schema: {
        summary: 'The company’s logo image, for anyone signed in to it (404 when it has none)',
        tags: ['companies'],
        params: idParams,
      },
    },
    async (req, reply) => {
      const { id } = req.params as { id: string };
      const found = await runRead(deps, req, {}, async (tx) => {
        const company = await findCompany(tx, id);
        return company?.logoFileId ? findFileContent(tx, company.logoFileId) : undefined;
      });
      if (!found) throw notFound('Logo');
      return reply
        .header('content-type', found.file.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=300')
        .send(found.content);
    },
  );
  const tenantList = { tenant: targetCompany, tag: 'companies' };
  registerTenantList(app, deps, {
    ...tenantList,
    path: '/companies/:id/users',
    resource: userResource,
    summary: 'List a company’s users',
  });
  registerTenantList(app, deps, {
    ...tenantList,
    path: '/companies/:id/groups',
    resource: groupResource,
    summary: 'List a company’s user groups',
  });
  registerTenantList(app, deps, {
    ...tenantList,
    path: '/companies/:id/roles',
    resource: roleResource,
    summary: 'List a company’s roles',
  });
}
