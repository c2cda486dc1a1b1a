/**
 * iamserver: the resources of docs/api.md section 7 (users, roles, groups, products, issue tracker,
 * companies, app admin). Every route needs a live session; the permission each route declares is checked
 * right after authentication, before its request is validated.
 */
import { authenticate } from '../../auth/authenticate.ts';
import type { ServiceModule } from '../../http/build-service-app.ts';
import { registerResource } from '../../http/resource-kit.ts';
import { registerAppAdminRoutes } from './companies/app-admin-routes.ts';
import { registerCompanyRoutes } from './companies/company-resource.ts';
import { groupResource } from './groups/group-resource.ts';
import { issueResource, issueTrackerResource } from './issues/issue-resource.ts';
import { registerIssueAttachmentRoute } from './issues/issue-routes.ts';
import { productResource } from './products/product-resource.ts';
import { roleResource } from './roles/role-resource.ts';
import { registerRoleRoutes } from './roles/role-routes.ts';
import { registerPreferencesRoutes } from './users/preferences-routes.ts';
import { registerProfileRoutes } from './users/profile-routes.ts';
import { userResource } from './users/user-resource.ts';

export const iamResourcesModule: ServiceModule = async (app, deps) => {
  await app.register(async (scope) => {
    scope.addHook('onRequest', authenticate(deps));
    registerResource(scope, deps, userResource);
    registerRoleRoutes(scope, deps);
    registerPreferencesRoutes(scope, deps);
    registerProfileRoutes(scope, deps);
    registerResource(scope, deps, roleResource);
    registerResource(scope, deps, groupResource);
    registerResource(scope, deps, productResource);
    registerResource(scope, deps, issueResource);
    registerResource(scope, deps, issueTrackerResource);
    registerIssueAttachmentRoute(scope, deps);
    registerCompanyRoutes(scope, deps);
    registerAppAdminRoutes(scope, deps);
  });
};
