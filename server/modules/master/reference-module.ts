/**
 * master: the reference lists the client loads at session set-up (docs/product-rules.md section 7, docs/api.md section 6).
 * Countries, time zones and currencies are the same for every company; the company's own dropdowns are
 * served by master-data-module.ts.
 */
import {
  countriesAnswerSchema,
  currenciesAnswerSchema,
  timezonesAnswerSchema,
} from '../../../src/shared/contracts/master-reference.ts';
import { authenticate } from '../../auth/authenticate.ts';
import type { ServiceModule } from '../../http/build-service-app.ts';
import { itemResponse } from '../../http/list-query.ts';
import { registerPlaceRoutes } from './places-routes.ts';
import { referenceData } from './reference-data.ts';

/** Reference lists change with a release, not during the day: let the browser keep them an hour. */
const CACHEABLE = 'private, max-age=3600';

export const referenceModule: ServiceModule = async (app, deps) => {
  app.addHook('onRequest', authenticate(deps));
  registerPlaceRoutes(app, deps);

  app.get(
    '/country',
    { schema: { summary: 'ISO 3166-1 countries', response: { 200: itemResponse(countriesAnswerSchema) } } },
    async (_req, reply) => {
      reply.header('cache-control', CACHEABLE);
      return { data: referenceData().countries };
    },
  );

  app.get(
    '/timezone',
    { schema: { summary: 'IANA time zones', response: { 200: itemResponse(timezonesAnswerSchema) } } },
    async (_req, reply) => {
      reply.header('cache-control', CACHEABLE);
      return { data: referenceData().timezones };
    },
  );

  app.get(
    '/currency-list',
    {
      schema: {
        summary: 'ISO 4217 currencies with minor units',
        response: { 200: itemResponse(currenciesAnswerSchema) },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', CACHEABLE);
      return { data: referenceData().currencies };
    },
  );
};
