/**
 * SQL for `/templates` (the company's mail templates), inside a tenant transaction, and the lookup of a
 * type's default template that the product's own mail uses.
 */
import type { MailTemplate, TemplateType } from '../../../../src/shared/contracts/mail-templates.ts';
import { type TEMPLATE_SORT_FIELDS } from '../../../../src/shared/contracts/mail-templates.ts';
import type { Queryable } from '../../../db/database.ts';
import type { ListQuery } from '../../../http/list-query.ts';
import { columnTable, updateVersioned, VERSIONED_COLUMNS } from '../../../http/list-sql-repository.ts';

type SortField = (typeof TEMPLATE_SORT_FIELDS)[number];

const MAIL_TEMPLATES = columnTable<MailTemplate>('mail_templates', {
  ...VERSIONED_COLUMNS,
  name: 'name',
  type: 'type',
  language: 'language',
  subject: 'subject',
  body: 'body',
  isDefault: 'is_default',
});
const SORT_COLUMNS = MAIL_TEMPLATES.sortColumns<SortField>({
  name: 'lower',
  type: { sql: 'type, is_default DESC, lower(name)' },
  updatedAt: 'exact',
});

export interface TemplateValues {
  companyId: string;
  createdBy: string;
  name: string;
  type: TemplateType;
  language: MailTemplate['language'];
  subject: string;
  body: string;
  isDefault: boolean;
}
export type TemplatePatch = Partial<Pick<TemplateValues, 'name' | 'language' | 'subject' | 'body' | 'isDefault'>>;
const PATCH_COLUMNS: Record<keyof TemplatePatch, string> = MAIL_TEMPLATES.columns([
  'name',
  'language',
  'subject',
  'body',
  'isDefault',
]);

async function list(
  tx: Queryable,
  query: ListQuery<SortField>,
  filters: { type?: TemplateType },
): Promise<{ items: MailTemplate[]; total: number }> {
  const where = `WHERE ($1::text IS NULL OR name ILIKE $1 OR subject ILIKE $1) AND ($2::text IS NULL OR type = $2)`;
  return MAIL_TEMPLATES.list(tx, query, { where, filters: [filters.type ?? null], sortColumns: SORT_COLUMNS });
}

async function insert(tx: Queryable, v: TemplateValues): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO mail_templates (company_id, created_by, name, type, language, subject, body, is_default)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [v.companyId, v.createdBy, v.name, v.type, v.language, v.subject, v.body, v.isDefault],
  );
  return rows[0]!.id;
}

async function update(tx: Queryable, id: string, patch: TemplatePatch): Promise<void> {
  await updateVersioned(tx, 'mail_templates', id, patch, PATCH_COLUMNS);
}

export const templateRepository = { list, find: MAIL_TEMPLATES.find, insert, update, remove: MAIL_TEMPLATES.remove };

/**
 * Unsets the current default of `type` (other than `exceptId`), so that another template can become it;
 * answers the template that was the default, for the audit trail.
 */
export async function clearDefault(tx: Queryable, type: TemplateType, exceptId?: string): Promise<string | undefined> {
  const { rows } = await tx.query<{ id: string }>(
    `UPDATE mail_templates SET is_default = false, version = version + 1, updated_at = now()
      WHERE type = $1 AND is_default AND ($2::uuid IS NULL OR id <> $2) RETURNING id`,
    [type, exceptId ?? null],
  );
  return rows[0]?.id;
}

/** The company's default template of `type` (row-level security or the explicit company picks the company). */
export async function findDefaultTemplate(
  tx: Queryable,
  companyId: string,
  type: TemplateType,
): Promise<Pick<MailTemplate, '_id' | 'subject' | 'body'> | undefined> {
  const { rows } = await tx.query<{ id: string; subject: string; body: string }>(
    'SELECT id, subject, body FROM mail_templates WHERE company_id = $1 AND type = $2 AND is_default LIMIT 1',
    [companyId, type],
  );
  const row = rows[0];
  return row && { _id: row.id, subject: row.subject, body: row.body };
}

/** A new company's templates: each type in English and Spanish, `language`'s the defaults (migration 015). */
export async function seedMailTemplates(tx: Queryable, companyId: string, language: string): Promise<void> {
  await tx.query('SELECT app_seed_mail_templates($1, $2)', [companyId, language]);
}
