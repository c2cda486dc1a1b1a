/**
 * contactserver: the resources (`/contacts`, `/contact-tags`), the list with filters in a body
 * (`POST /contacts/paginate`, docs/api.md section 13) and the duplicate check the contact form asks
 * before it saves (`GET /contacts/duplicates`), and the CSV import, all rows or none (`POST /contacts/import`).
 */
import type { z } from 'zod';
import {
  type CONTACT_SORT_FIELDS,
  contactDuplicatesAnswerSchema,
  contactDuplicatesQuery,
  contactSchema,
  importContactsAnswerSchema,
  importContactsBody,
  paginateContactsBody,
} from '../../../src/shared/contracts/contacts.ts';
import { auditChange } from '../../http/audit-change.ts';
import { runWrite } from '../../http/idempotency.ts';
import { importContacts } from './contact-import.ts';
import { authenticate } from '../../auth/authenticate.ts';
import type { ServiceModule } from '../../http/build-service-app.ts';
import { runRead } from '../../http/idempotency.ts';
import { itemResponse, type ListQuery } from '../../http/list-query.ts';
import { registerListResource, registerResource } from '../../http/resource-kit.ts';
import { requires } from '../../http/route-permission.ts';
import { findDuplicates, listContacts } from './contact-repository.ts';
import { contactResource, contactTagResource } from './contact-resources.ts';
import { CONTACT_IMPORT_BODY_LIMIT } from '../../http/body-limits.ts';

type SortField = (typeof CONTACT_SORT_FIELDS)[number];

export const contactsModule: ServiceModule = async (app, deps) => {
  await app.register(async (scope) => {
    scope.addHook('onRequest', authenticate(deps));

    scope.get(
      '/contacts/duplicates',
      {
        config: { permission: requires('contacts', 'read') },
        schema: {
          summary: 'Contacts with the same name or tax id (case-insensitive): the form warns before saving',
          tags: ['contacts'],
          querystring: contactDuplicatesQuery,
          response: { 200: itemResponse(contactDuplicatesAnswerSchema) },
        },
      },
      async (req) => {
        const query = req.query as z.output<typeof contactDuplicatesQuery>;
        return { data: await runRead(deps, req, {}, (tx) => findDuplicates(tx, query)) };
      },
    );

    registerListResource(scope, deps, {
      path: '/contacts/paginate',
      method: 'POST',
      permission: 'contacts',
      schemas: { item: contactSchema, listQuery: paginateContactsBody },
      defaultSort: { field: 'name', descending: false },
      summary: 'One page of contacts: search, filters by business type, tag and country, sort',
      tag: 'contacts',
      read: (tx, query, body) => listContacts(tx, query as ListQuery<SortField>, body.filters),
    });

    scope.post(
      '/contacts/import',
      {
        config: { permission: requires('contacts', 'create') },
        bodyLimit: CONTACT_IMPORT_BODY_LIMIT,
        schema: {
          summary:
            'Creates contacts from CSV rows, all or none (every problem of every row in one 400); `dryRun` only checks',
          tags: ['contacts'],
          body: importContactsBody,
          response: { 200: itemResponse(importContactsAnswerSchema) },
        },
      },
      async (req, reply) => {
        const body = req.body as z.output<typeof importContactsBody>;
        return runWrite(deps, req, reply, {}, async (tx, auth) => {
          const result = await importContacts(
            tx,
            body.rows,
            { companyId: auth.companyId, userId: auth.userId },
            body.dryRun,
          );
          if (!body.dryRun) {
            await auditChange(tx, req, auth, {
              action: 'contact.import',
              entity: 'contact',
              entityId: null,
              extra: { created: result.created },
            });
          }
          return { data: result };
        });
      },
    );

    registerResource(scope, deps, contactTagResource);
    registerResource(scope, deps, contactResource);
  });
};
