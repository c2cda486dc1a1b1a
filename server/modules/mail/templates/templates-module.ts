/**
 * mailserver's templates: the resource (`/templates`, on the resource kit), the merge fields of a type and
 * the preview of a template (the stored one, or the editor's draft) rendered with sample values.
 */
import { type z } from 'zod';
import {
  MERGE_FIELDS,
  mergeFieldsAnswerSchema,
  mergeFieldsQuery,
  previewTemplateBody,
  templatePreviewSchema,
} from '../../../../src/shared/contracts/mail-templates.ts';
import { authenticate } from '../../../auth/authenticate.ts';
import { notFound } from '../../../http/api-error.ts';
import type { ServiceModule } from '../../../http/build-service-app.ts';
import { runRead } from '../../../http/idempotency.ts';
import { idParams, itemResponse } from '../../../http/list-query.ts';
import { registerResource } from '../../../http/resource-kit.ts';
import { requires } from '../../../http/route-permission.ts';
import { guardSignInTemplates } from './sign-in-templates.ts';
import { templateResource } from './template-resource.ts';
import { checkTemplate, renderTemplate, sampleValues } from './template-render.ts';

export const templatesModule: ServiceModule = async (app, deps) => {
  await app.register(async (scope) => {
    scope.addHook('onRequest', authenticate(deps));
    // After the body is read (the type may be in it), before it is validated: a sign-in type needs `templates`.
    scope.addHook('preValidation', guardSignInTemplates(deps));

    scope.get(
      '/templates/merge-fields',
      {
        config: { permission: requires('mail', 'read') },
        schema: {
          summary: 'The merge fields a template of the type may use, with the sample values of the preview',
          tags: ['templates'],
          querystring: mergeFieldsQuery,
          response: { 200: itemResponse(mergeFieldsAnswerSchema) },
        },
      },
      async (req) => {
        const { type } = req.query as z.output<typeof mergeFieldsQuery>;
        return { data: MERGE_FIELDS[type] };
      },
    );

    registerResource(scope, deps, templateResource);

    scope.post(
      '/templates/:id/preview',
      {
        config: { permission: requires('mail', 'read') },
        schema: {
          summary:
            'The template rendered with sample values: the stored one, or with the subject and body given (an unsaved draft)',
          tags: ['templates'],
          params: idParams,
          body: previewTemplateBody,
          response: { 200: itemResponse(templatePreviewSchema) },
        },
      },
      async (req) => {
        const { id } = req.params as { id: string };
        const draft = (req.body ?? {}) as z.output<typeof previewTemplateBody>;
        const template = await runRead(deps, req, {}, (tx) => templateResource.repository.find(tx, id));
        if (!template) throw notFound('Template');
        const subject = draft.subject ?? template.subject;
        const body = checkTemplate(template.type, subject, draft.body ?? template.body);
        const { html, subject: rendered } = renderTemplate({ subject, body }, sampleValues(template.type));
        return { data: { subject: rendered, html } };
      },
    );
  });
};
