/**
 * The product's own mail (invitation, password reset, e-mail verification, two-factor code), rendered
 * from the company's default template of its type. A company without one (none is possible through the
 * API: the default cannot be deleted or unset) gets the built-in English wording instead.
 */
import type { TemplateType } from '../../../../src/shared/contracts/mail-templates.ts';
import type { Queryable } from '../../../db/database.ts';
import { findDefaultTemplate } from './template-repository.ts';
import { renderTemplate, type MergeValues } from './template-render.ts';

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
  return template ? renderTemplate(template, values) : builtIn();
}
