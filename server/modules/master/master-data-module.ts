/**
 * master: the company-owned master data of docs/api.md section 11 on the resource kit (receiving
 * locations, business types, picklist groups and options, company currencies), and the routes the kit
 * does not cover: the two answers of `GET /dropdown`, `POST /dropdown/reorder` and a currency's rate history.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  companyCurrencyHistoryAnswerSchema,
  DROPDOWN_LIST_PARAMETERS,
  type DROPDOWN_OPTION_SORT_FIELDS,
  dropdownItemSchema,
  dropdownListQuery,
  reorderDropdownAnswerSchema,
  reorderDropdownBody,
} from '../../../src/shared/contracts/master-data.ts';
import { dropdownAnswerSchema } from '../../../src/shared/contracts/master-reference.ts';
import { authenticate } from '../../auth/authenticate.ts';
import { notFound } from '../../http/api-error.ts';
import { auditChange } from '../../http/audit-change.ts';
import { assertPermission, requireAuthContext } from '../../http/auth-context.ts';
import type { ServiceModule } from '../../http/build-service-app.ts';
import { runRead, runWrite } from '../../http/idempotency.ts';
import { idParams, itemResponse, listResponse, type ListQuery } from '../../http/list-query.ts';
import { answerList } from '../../http/resource-list.ts';
import { registerResource } from '../../http/resource-kit.ts';
import { requires } from '../../http/route-permission.ts';
import { businessTypeResource } from './business-types/business-type-resource.ts';
import { companyCurrencyResource } from './company-currencies/company-currency-resource.ts';
import { currencyRateHistory } from './company-currencies/company-currency-repository.ts';
import { dropdownGroupResource, dropdownResource } from './dropdowns/dropdown-resources.ts';
import {
  dropdownGroupExists,
  dropdownOptionRepository,
  listDropdownOptions,
  lockGroupOptions,
  setOptionOrder,
} from './dropdown-repository.ts';
import { invalidField } from './master-data-errors.ts';
import { receivingLocationResource } from './receiving-locations/receiving-location-resource.ts';

type DropdownSortField = (typeof DROPDOWN_OPTION_SORT_FIELDS)[number];

/** Requests of `GET /dropdown` that asked for the resource's list rather than the session picklist. */
const listRequests = new WeakSet<FastifyRequest>();

export const masterDataModule: ServiceModule = async (app, deps) => {
  await app.register(async (scope) => {
    scope.addHook('onRequest', authenticate(deps));
    registerResource(scope, deps, receivingLocationResource);
    registerResource(scope, deps, businessTypeResource);
    registerResource(scope, deps, dropdownGroupResource);
    registerResource(scope, deps, dropdownResource);
    registerResource(scope, deps, companyCurrencyResource);

    // One route, two answers (see dropdownListQuery): `?module=` alone is the session picklist every
    // signed-in user loads (docs/api.md section 6, unchanged); any list parameter makes it the resource's
    // list, which needs masterData.read, checked here before the query is validated.
    scope.get(
      '/dropdown',
      {
        preValidation: async (req) => {
          const given = Object.keys((req.query as Record<string, unknown> | undefined) ?? {});
          if (given.some((k) => (DROPDOWN_LIST_PARAMETERS as readonly string[]).includes(k))) {
            assertPermission(requireAuthContext(req), 'masterData', 'read');
            listRequests.add(req);
          }
        },
        schema: {
          summary:
            "The company's picklist of one module (`?module=` alone, section 6), or with list parameters the options as a paged list (needs masterData.read)",
          tags: ['masterData'],
          querystring: dropdownListQuery,
          response: { 200: z.union([listResponse(dropdownItemSchema), itemResponse(dropdownAnswerSchema)]) },
        },
      },
      async (req) => {
        const query = req.query as z.output<typeof dropdownListQuery>;
        if (!listRequests.has(req)) {
          if (!query.module) throw invalidField('module', 'required');
          const module = query.module;
          return { data: await runRead(deps, req, {}, (tx) => listDropdownOptions(tx, module)) };
        }
        return answerList(deps, req, query, { field: 'group', descending: false }, {}, (tx, list) =>
          dropdownOptionRepository.list(tx, list as ListQuery<DropdownSortField>, query),
        );
      },
    );

    scope.post(
      '/dropdown/reorder',
      {
        config: { permission: requires('masterData', 'update') },
        schema: {
          summary: "Puts a group's options in the order given (every option of the group, once)",
          tags: ['masterData'],
          body: reorderDropdownBody,
          response: { 200: itemResponse(reorderDropdownAnswerSchema) },
        },
      },
      async (req, reply) => {
        const body = req.body as z.output<typeof reorderDropdownBody>;
        return runWrite(deps, req, reply, {}, async (tx, auth) => {
          if (!(await dropdownGroupExists(tx, body.module, body.group))) throw notFound('Picklist group');
          const before = await lockGroupOptions(tx, body.module, body.group);
          const known = new Set(before.map((o) => o._id));
          if (
            new Set(body.ids).size !== body.ids.length ||
            body.ids.length !== known.size ||
            !body.ids.every((id) => known.has(id))
          )
            throw invalidField('ids', 'must name every option of the group exactly once');
          await setOptionOrder(tx, body.ids);
          const after = await lockGroupOptions(tx, body.module, body.group);
          await auditChange(tx, req, auth, {
            action: 'dropdown.reorder',
            entity: 'dropdownGroup',
            entityId: `${body.module}/${body.group}`,
            before: { order: before.map((o) => o.value) },
            after: { order: after.map((o) => o.value) },
          });
          return { data: after };
        });
      },
    );

    scope.get(
      '/company-currency/:id/history',
      {
        config: { permission: requires('masterData', 'read') },
        schema: {
          summary: "A company currency's exchange rates, oldest first, with who set each",
          tags: ['masterData'],
          params: idParams,
          response: { 200: itemResponse(companyCurrencyHistoryAnswerSchema) },
        },
      },
      async (req) => {
        const { id } = req.params as { id: string };
        const data = await runRead(deps, req, {}, async (tx) => {
          if (!(await companyCurrencyResource.repository.find(tx, id))) throw notFound('Company currency');
          return currencyRateHistory(tx, id);
        });
        return { data };
      },
    );
  });
};
