/**
 * The product's own mail (invitation, password reset, e-mail verification, two-factor code), rendered
 * from the company's default template of its type. A company without one (none is possible through the
 * API: the default cannot be deleted or unset) gets the built-in English wording instead, and so does a
 * company whose default breaks today's rules (stored before them, or written around the API): a template
 * that could send the link or code elsewhere is never used. That refusal is in the audit trail, naming
 * the template and the rule, never the secret.
 */
import type { TemplateType } from '../../../../src/shared/contracts/mail-templates.ts';
import { recordAudit } from '../../../audit/audit-repository.ts';
import type { Queryable } from '../../../db/database.ts';
import { isApiError } from '../../../http/api-error.ts';
import { findDefaultTemplate } from './template-repository.ts';
import { checkTemplate, renderTemplate, type MergeValues } from './template-render.ts';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export async function renderProductMail(
  tx: Queryable,
  companyId: string,
  type: Exclude<TemplateType, 'general'>,
  values: MergeValues,
  builtIn: () => RenderedMail,
): Promise<RenderedMail> {
  const template = await findDefaultTemplate(tx, companyId, type);
  if (!template) return builtIn();
  try {
    const body = checkTemplate(type, template.subject, template.body);
    return renderTemplate({ subject: template.subject, body }, values);
  } catch (error) {
    if (!isApiError(error)) throw error;
    await recordAudit(tx, {
      companyId,
      actorUserId: null,
      action: 'mailTemplate.refused',
      entity: 'mailTemplate',
      entityId: template._id,
      changes: { type, reason: error.details?.map((d) => `${d.path} ${d.message}`).join('; ') ?? error.message },
    });
    return builtIn();
  }
}
