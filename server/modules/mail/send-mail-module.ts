/**
 * mailserver: the mail dialog's calls (`POST /send`, `GET /send`, `GET /send/:id`). Every route needs a
 * live session; sending also needs an active subscription.
 */
import { authenticate } from '../../auth/authenticate.ts';
import type { ServiceModule } from '../../http/build-service-app.ts';
import { registerSendMailRoutes } from './send-mail-routes.ts';
import { registerSentMailRoutes } from './sent-mail-routes.ts';

export const sendMailModule: ServiceModule = async (app, deps) => {
  await app.register(async (scope) => {
    scope.addHook('onRequest', authenticate(deps));
    registerSendMailRoutes(scope.withTypeProvider(), deps);
    registerSentMailRoutes(scope.withTypeProvider(), deps);
  });
};
