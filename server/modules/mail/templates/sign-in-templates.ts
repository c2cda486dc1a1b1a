/**
 * The sign-in templates (invitation, password reset, e-mail verification, sign-in code) need the
 * permission module `templates` on top of `mail`: whoever writes them decides where a link that opens an
 * account goes. A role without it sees and edits the `general` templates only; for the others it gets 403
 * before anything else is said about the request, and its list holds the general templates alone.
 */
import type { FastifyRequest } from 'fastify';
import {
  isSignInTemplateType,
  type MailTemplate,
  type TemplateType,
} from '../../../../src/shared/contracts/mail-templates.ts';
import { can, type PermissionAction } from '../../../../src/shared/permissions.ts';
import { forbidden } from '../../../http/api-error.ts';
import type { AuthContext } from '../../../http/auth-context.ts';
import type { ServiceDeps } from '../../../http/build-service-app.ts';
import { runRead } from '../../../http/idempotency.ts';
import type { Queryable } from '../../../db/database.ts';
import { notifyCompanyAdmins } from '../../notifications/notification-service.ts';
import { templateRepository } from './template-repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const signInTemplateForbidden = () =>
  forbidden('Sign-in mail templates need the permission "templates" (invitation, password reset, verification, code)');

/** Throws 403 unless the caller may do `action` on a template of `type`. */
export function assertTemplateTypeAllowed(auth: AuthContext, type: TemplateType, action: PermissionAction): void {
  if (isSignInTemplateType(type) && !can(auth.permissions, 'templates', action)) throw signInTemplateForbidden();
}

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);
const namesSignInType = (value: unknown) => asList(value).some((v) => typeof v === 'string' && isSignInTemplateType(v));

/**
 * A `preValidation` hook for the templates scope, after authentication (which checked `mail`): finds
 * the template type the request is about (the query, the body, or the stored template of the `:id`) and
 * refuses a sign-in type to a role without `templates`. A list asked for without a type is narrowed to
 * `general` for such a role.
 */
export function guardSignInTemplates(deps: ServiceDeps) {
  return async (req: FastifyRequest): Promise<void> => {
    const auth = req.auth;
    const url = req.routeOptions.url ?? '';
    if (!auth || (!url.endsWith('/templates') && !url.includes('/templates/'))) return;
    const method = req.method;
    const action: PermissionAction =
      method === 'DELETE'
        ? 'delete'
        : method === 'PATCH' || method === 'PUT'
          ? 'update'
          : method === 'POST' && url.endsWith('/templates')
            ? 'create'
            : 'read';
    if (can(auth.permissions, 'templates', action)) return;
    const query = (req.query ?? {}) as Record<string, unknown>;
    if (url.endsWith('/templates/merge-fields') || (method === 'GET' && url.endsWith('/templates'))) {
      if (namesSignInType(query.type)) throw signInTemplateForbidden();
      if (url.endsWith('/templates') && query.type === undefined) query.type = 'general';
      return;
    }
    if (url.endsWith('/templates')) {
      if (namesSignInType((req.body as { type?: unknown } | undefined)?.type)) throw signInTemplateForbidden();
      return;
    }
    const id = (req.params as { id?: unknown } | undefined)?.id;
    if (typeof id !== 'string' || !UUID.test(id)) return;
    const stored = await runRead(deps, req, {}, (tx) => templateRepository.find(tx, id));
    if (stored && isSignInTemplateType(stored.type)) throw signInTemplateForbidden();
  };
}

const TYPE_NAMES: Record<TemplateType, string> = {
  invitation: 'invitation',
  'password-reset': 'password reset',
  'verify-email': 'e-mail verification',
  'two-factor-code': 'sign-in code',
  general: 'general',
  'arrival-notice': 'arrival notice',
};

/**
 * Tells the company's administrators that a sign-in template changed, so that a template turned into a
 * way in does not go unnoticed (the change itself is in the audit trail, with the template's history).
 */
export async function noticeSignInTemplateChange(
  tx: Queryable,
  input: {
    companyId: string;
    auth: AuthContext;
    template: Pick<MailTemplate, '_id' | 'name' | 'type'>;
    change: 'created' | 'changed' | 'deleted';
  },
): Promise<void> {
  const { template } = input;
  if (!isSignInTemplateType(template.type)) return;
  await notifyCompanyAdmins(tx, {
    companyId: input.companyId,
    kind: 'sign-in-template',
    title: `A sign-in mail template was ${input.change}`,
    body: `${input.auth.email} ${input.change} the ${TYPE_NAMES[template.type]} template "${template.name}". Check that its links lead to Freight Desk only.`,
    link: input.change === 'deleted' ? '/settings/templates' : `/settings/templates/${template._id}/${template.type}`,
    createdBy: input.auth.userId,
  });
}
