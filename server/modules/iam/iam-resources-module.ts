/**
 * iamserver: the resources of CONTRACT.md section 7 (users, roles, groups, products, issue tracker,
 * companies, app admin). Every route needs a live session; each checks its own permission.
 */
import { authenticate } from '../../auth/authenticate.ts';
import type { ServiceModule } from '../../http/build-service-app.ts';
import { registerAppAdminRoutes } from './companies/app-admin-routes.ts';
import { registerCompanyRoutes } from './companies/company-routes.ts';
import { registerGroupRoutes } from './groups/group-routes.ts';
import { registerIssueRoutes } from './issues/issue-routes.ts';
import { registerProductRoutes } from './products/product-routes.ts';
import { registerRoleRoutes } from './roles/role-routes.ts';
import { registerUserRoutes } from './users/user-routes.ts';

export const iamResourcesModule: ServiceModule = async (app, deps) => {
  await app.register(async (scope) => {
    scope.addHook('preHandler', authenticate(deps));
    registerUserRoutes(scope, deps);
    registerRoleRoutes(scope, deps);
    registerGroupRoutes(scope, deps);
    registerProductRoutes(scope, deps);
    registerIssueRoutes(scope, deps);
    registerCompanyRoutes(scope, deps);
    registerAppAdminRoutes(scope, deps);
  });
};
