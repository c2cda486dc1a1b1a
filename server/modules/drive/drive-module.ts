/**
 * driveserver: uploaded files (`/filesystem/file`). Every route needs a live session and checks the
 * `files` permission; the bytes stay inside the caller's company (row-level security).
 */
import { authenticate } from '../../auth/authenticate.ts';
import type { ServiceModule } from '../../http/build-service-app.ts';
import { registerFileRoutes } from './file-routes.ts';
import { fileTooLarge } from './file-types.ts';

export const driveModule: ServiceModule = async (app, deps) => {
  await app.register(async (scope) => {
    // onRequest, like every module: an anonymous caller is refused before a 10 MB body is read.
    scope.addHook('onRequest', authenticate(deps));
    // The body limit is enforced while reading, before any handler runs: say what the limit is, and hand
    // everything else to the shared error handler (an error handler that throws passes to its parent).
    scope.setErrorHandler((error) => {
      if ((error as { code?: unknown }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw fileTooLarge();
      throw error;
    });
    registerFileRoutes(scope.withTypeProvider(), deps);
  });
};
