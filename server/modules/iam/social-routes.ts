/**
 * iamserver: social sign-in (SPEC.md section 7: `/auth/social/login`, `/social/home/redirect`).
 *
 * Decision: no token ever travels in a URL, so the old `GET /social/home/redirect?idToken=…` is gone and
 * no GET replaces it.
 * - `POST /auth/social/login { idToken }` answers the session tokens at once (the SPA's popup flow).
 * - `POST /auth/social/login { idToken, redirect: true }` answers `{ redirectUrl }`: the web app's
 *   `/socialSignIn?code=…` page with a one-time code (random, stored only hashed, 60 s, single use) that
 *   the page trades for the tokens with `POST /auth/social/exchange { code }`. The code is the OAuth
 *   authorization-code pattern: what sits in the URL (history, Referer, proxy logs) is worthless a minute
 *   later or after its first use, and the request logger drops query values anyway.
 * - A `GET /social/home/redirect` answering 302 would only make sense in a server-side OAuth flow where
 *   the browser arrives from the provider with nothing but a cookie or the provider's own code. This
 *   product signs in with Firebase in the browser, so the server never holds Google client secrets or
 *   an OAuth state cookie, and a GET would have to take the ID token from the URL again, which is the
 *   very thing being removed. The POST above already yields the redirect target; the page navigates
 *   to it itself.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ServiceModule } from '../../http/build-service-app.ts';
import type { ClientInfo } from './session-service.ts';
import { exchangeSignInCode, socialLogin, socialLoginRedirect } from './social-service.ts';

const tokenPair = z.object({ accessToken: z.string(), refreshToken: z.string() });

function clientInfo(req: FastifyRequest): ClientInfo {
  const ua = req.headers['user-agent'];
  return { ip: req.ip, userAgent: typeof ua === 'string' ? ua : '', requestId: req.id };
}

export const socialModule: ServiceModule = async (app, deps) => {
  app.post(
    '/auth/social/login',
    {
      schema: {
        summary: 'Sign in with an identity-provider (Firebase) ID token',
        description:
          'Answers the session tokens, or with `redirect: true` a `redirectUrl` to the web app carrying a ' +
          'one-time code for `POST /auth/social/exchange`.',
        body: z.strictObject({
          idToken: z.string().min(1).max(8192),
          redirect: z.boolean().optional(),
        }),
        response: {
          200: z.object({ data: z.union([tokenPair, z.object({ redirectUrl: z.string() })]) }),
        },
      },
    },
    async (req) => {
      const client = clientInfo(req);
      if (req.body.redirect) {
        return { data: { redirectUrl: await socialLoginRedirect(deps, req.body.idToken, client) } };
      }
      return { data: await socialLogin(deps, req.body.idToken, client) };
    },
  );

  app.post(
    '/auth/social/exchange',
    {
      schema: {
        summary: 'Trade the one-time code of a social sign-in redirect for the session tokens',
        body: z.strictObject({ code: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'is not a sign-in code') }),
        response: { 200: z.object({ data: tokenPair }) },
      },
    },
    async (req) => ({ data: await exchangeSignInCode(deps, req.body.code, clientInfo(req)) }),
  );
};
