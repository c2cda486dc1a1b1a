/**
 * iamserver: social sign-in (docs/product-rules.md section 7: `/auth/social/login`, `/social/home/redirect`).
 *
 * Decision: no token ever travels in a URL.
 * - `POST /auth/social/login { idToken }` answers the session tokens at once (the SPA's popup flow).
 * - `POST /auth/social/login { idToken, redirect: true }` answers `{ redirectUrl }`: the web app's
 *   `/socialSignIn?code=…` page with a one-time code (random, stored only hashed, 60 s, single use) that
 *   the page trades for the tokens with `POST /auth/social/exchange { code }`. The code is the OAuth
 *   authorization-code pattern: what sits in the URL (history, Referer, proxy logs) is worthless a minute
 *   later or after its first use, and the request logger drops query values anyway.
 * - `POST /social/home/redirect` (a form post, `idToken` in the body: OAuth's `form_post` response mode)
 *   brings the browser itself back: 303 to `/socialSignIn?code=…`, or to `/socialSignIn/failure` when the
 *   identity is refused. Only forms of the web app's own origins are accepted (the `Origin` header), so
 *   another site cannot sign a visitor in to the other site's account (login CSRF).
 * - There is no `GET /social/home/redirect`: it would have to carry the ID token in its URL.
 */
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signInAnswerSchema } from '../../../../src/shared/contracts/session.ts';
import {
  socialExchangeBodySchema,
  socialLoginAnswerSchema,
  socialLoginBodySchema,
  socialRedirectFormSchema,
} from '../../../../src/shared/contracts/social.ts';
import { forbidden, isApiError } from '../../../http/api-error.ts';
import type { ServiceModule } from '../../../http/build-service-app.ts';
import { itemResponse } from '../../../http/list-query.ts';
import type { ClientInfo } from '../session/session-service.ts';
import { signInAnswer } from '../session/sign-in-answer.ts';
import { exchangeSignInCode, SOCIAL_SIGN_IN_PATH, socialLogin, socialLoginRedirect } from './social-service.ts';
import { ACCOUNT_BODY_LIMIT } from '../../../http/body-limits.ts';

function clientInfo(req: FastifyRequest): ClientInfo {
  const ua = req.headers['user-agent'];
  return { ip: req.ip, userAgent: typeof ua === 'string' ? ua : '', requestId: req.id };
}

export const socialModule: ServiceModule = async (app, deps) => {
  app.post(
    '/auth/social/login',
    {
      bodyLimit: ACCOUNT_BODY_LIMIT,
      schema: {
        summary: 'Sign in with an identity-provider (Firebase) ID token',
        description:
          'Answers the session tokens (or, for a company with two-factor sign-in, a challenge for ' +
          '`POST /auth/verify-code`), or with `redirect: true` a `redirectUrl` to the web app carrying a ' +
          'one-time code for `POST /auth/social/exchange`.',
        body: socialLoginBodySchema,
        response: { 200: itemResponse(socialLoginAnswerSchema) },
      },
    },
    async (req) => {
      const client = clientInfo(req);
      if (req.body.redirect) {
        return { data: { redirectUrl: await socialLoginRedirect(deps, req.body.idToken, client) } };
      }
      return { data: signInAnswer(await socialLogin(deps, req.body.idToken, client)) };
    },
  );

  app.post(
    '/auth/social/exchange',
    {
      bodyLimit: ACCOUNT_BODY_LIMIT,
      schema: {
        summary: 'Trade the one-time code of a social sign-in redirect for the session tokens',
        description: 'For a company with two-factor sign-in, the answer is a challenge for `POST /auth/verify-code`.',
        body: socialExchangeBodySchema,
        response: { 200: itemResponse(signInAnswerSchema) },
      },
    },
    async (req) => ({ data: signInAnswer(await exchangeSignInCode(deps, req.body.code, clientInfo(req))) }),
  );

  await app.register(async (scope) => {
    const forms = scope.withTypeProvider<ZodTypeProvider>();
    // A browser form: `idToken=…`, nothing else. Parsed here only, so no other route takes form bodies.
    forms.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: ACCOUNT_BODY_LIMIT },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    forms.post(
      '/social/home/redirect',
      {
        bodyLimit: ACCOUNT_BODY_LIMIT,
        schema: {
          summary: 'Browser form post of a social sign-in: 303 to the web app with a one-time code',
          description:
            "Form field `idToken` (the identity provider's ID token). Answers 303 to `/socialSignIn?code=…` " +
            "(see `POST /auth/social/exchange`) or to `/socialSignIn/failure`. Only from the web app's origins.",
          consumes: ['application/x-www-form-urlencoded'],
          body: socialRedirectFormSchema,
        },
      },
      async (req, reply) => {
        const origin = req.headers.origin;
        if (typeof origin !== 'string' || !webOrigins(deps.config).has(origin)) {
          throw forbidden('Social sign-in forms are accepted from the web app only');
        }
        try {
          const target = await socialLoginRedirect(deps, req.body.idToken, clientInfo(req));
          return reply.code(303).header('location', target).header('cache-control', 'no-store').send();
        } catch (error) {
          // Refused identities (unknown, disabled, bad token) and an unavailable provider: the web app's
          // failure route, which tells the user on the sign-in screen. Anything else is a real error.
          if (!isApiError(error) || (error.status >= 500 && error.status !== 503)) throw error;
          const failure = `${deps.config.publicWebUrl}${SOCIAL_SIGN_IN_PATH}/failure`;
          return reply.code(303).header('location', failure).header('cache-control', 'no-store').send();
        }
      },
    );
  });
};

/** The origins the web app is served from: its public URL and the CORS list. */
function webOrigins(config: { publicWebUrl: string; corsOrigins: readonly string[] }): Set<string> {
  return new Set([new URL(config.publicWebUrl).origin, ...config.corsOrigins]);
}
