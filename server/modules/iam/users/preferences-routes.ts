/**
 * `/profile/preferences`: the signed-in user's own app settings. Any signed-in user, for themselves only;
 * a change is audited like every write.
 */
import type { z } from 'zod';
import { preferencesSchema, updatePreferencesBody } from '../../../../src/shared/contracts/preferences.ts';
import { auditChange } from '../../../http/audit-change.ts';
import type { App, ServiceDeps } from '../../../http/build-service-app.ts';
import { runRead, runWrite } from '../../../http/idempotency.ts';
import { itemResponse } from '../../../http/list-query.ts';
import { readPreferences, writePreferences } from './preferences-repository.ts';

export function registerPreferencesRoutes(app: App, deps: ServiceDeps): void {
  app.get(
    '/profile/preferences',
    {
      schema: {
        summary: 'The signed-in user’s app settings',
        tags: ['profile'],
        response: { 200: itemResponse(preferencesSchema) },
      },
    },
    async (req) =>
      runRead(deps, req, {}, async (tx, auth) => ({
        data: preferencesSchema.parse(await readPreferences(tx, auth.userId)),
      })),
  );

  app.put(
    '/profile/preferences',
    {
      schema: {
        summary: 'Replaces the signed-in user’s app settings',
        tags: ['profile'],
        body: updatePreferencesBody,
        response: { 200: itemResponse(preferencesSchema) },
      },
    },
    async (req, reply) => {
      const body = req.body as z.output<typeof updatePreferencesBody>;
      return runWrite(deps, req, reply, {}, async (tx, auth) => {
        const before = preferencesSchema.parse(await readPreferences(tx, auth.userId));
        await writePreferences(tx, auth.userId, body);
        await auditChange(tx, req, auth, {
          action: 'user.preferences',
          entity: 'user',
          entityId: auth.userId,
          before,
          after: body,
        });
        return { data: preferencesSchema.parse(body) };
      });
    },
  );
}
