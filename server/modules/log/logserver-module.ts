/**
 * logserver: the audit trail. Every route needs a live session.
 */
import { authenticate } from '../../auth/authenticate.ts';
import type { ServiceModule } from '../../http/build-service-app.ts';
import { registerAuditRoutes } from './audit-routes.ts';

export const logserverModule: ServiceModule = async (app, deps) => {
  await app.register(async (scope) => {
    scope.addHook('onRequest', authenticate(deps));
    registerAuditRoutes(scope, deps);
  });
};
