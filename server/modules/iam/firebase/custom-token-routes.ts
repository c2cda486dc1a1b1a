/**
 * iamserver: `GET /auth/getCustomToken` (docs/api.md section 4): an identity-provider custom token for the
 * signed-in user, so that the web app can sign in to Firebase (realtime notifications) with the
 * product session alone. uid = the user's `_id`; claim `companyId` for the realtime database rules.
 */
import { customTokenAnswerSchema } from '../../../../src/shared/contracts/session.ts';
import { authenticate } from '../../../auth/authenticate.ts';
import { requireAuthContext } from '../../../http/auth-context.ts';
import type { ServiceModule } from '../../../http/build-service-app.ts';
import { itemResponse } from '../../../http/list-query.ts';
import { createIdentityCustomToken } from './firebase-admin.ts';

export const customTokenModule: ServiceModule = async (app, deps) => {
  await app.register(async (authed) => {
    authed.addHook('onRequest', authenticate(deps));

    authed.get(
      '/auth/getCustomToken',
      {
        schema: {
          summary: 'An identity-provider custom token for the current user (uid = user _id, claim companyId)',
          response: { 200: itemResponse(customTokenAnswerSchema) },
        },
      },
      async (req) => {
        const auth = requireAuthContext(req);
        const token = await createIdentityCustomToken(deps.config, auth.userId, { companyId: auth.companyId });
        return { data: { token } };
      },
    );
  });
};
