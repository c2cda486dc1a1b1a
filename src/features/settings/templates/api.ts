/**
 * mailserver's templates (docs/api.md section 12), declared once for the settings screens and the mail
 * dialog: the resource, the merge fields of a type and the server-rendered preview.
 */
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api/api-client';
import { fetchAllPages } from '../../../lib/api/fetch-all-pages';
import { defineResource } from '../../../lib/resource-kit/define-resource';
import {
  TEMPLATE_SORT_FIELDS,
  mailTemplateSchema,
  createTemplateBody,
  updateTemplateBody,
  mergeFieldsAnswerSchema,
  templatePreviewSchema,
  type TemplateType,
} from '../../../shared/contracts/mail-templates';

export const templatesResource = defineResource({
  name: 'mail-templates',
  service: 'mailserver',
  path: '/templates',
  item: mailTemplateSchema,
  sortable: TEMPLATE_SORT_FIELDS,
  create: createTemplateBody,
  update: updateTemplateBody,
});

/** Every template of the company (a company has a few dozen at most), or those of one type; by type, default first. */
export function useTemplates(type?: TemplateType) {
  return useQuery({
    queryKey: [...templatesResource.keys.lists, 'all', type ?? null],
    queryFn: ({ signal }) =>
      fetchAllPages('mailserver', `/templates?sort=type${type ? `&type=${type}` : ''}`, mailTemplateSchema, { signal }),
  });
}

/** The merge fields a template of `type` may use (they never change while the app runs). */
export function useMergeFields(type: TemplateType | undefined) {
  return useQuery({
    queryKey: ['mail-templates', 'merge-fields', type],
    queryFn: ({ signal }) =>
      apiCall('mailserver', `/templates/merge-fields?type=${type!}`, mergeFieldsAnswerSchema, { signal }),
    enabled: Boolean(type),
    staleTime: Infinity,
  });
}

/** The template rendered by the server with sample values; with `draft`, the unsaved subject and body. */
export function previewTemplate(id: string, draft: { subject?: string; body?: string }, signal?: AbortSignal) {
  return apiCall('mailserver', `/templates/${encodeURIComponent(id)}/preview`, templatePreviewSchema, {
    method: 'POST',
    body: JSON.stringify(draft),
    ...(signal ? { signal } : {}),
  });
}
