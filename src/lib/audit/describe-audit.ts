/**
 * One way to say an audit entry in words (issue 24: "Admin Demo signed in", not `auth.login`). Every screen
 * that shows the trail — the dashboard's recent activity, a record's history, a report on the audit log —
 * goes through `describeAudit`, so a new action is named once, here, in both languages. A test reads the
 * server's sources and fails when an action it writes has no sentence of its own.
 */
import { defineStrings } from '../i18n/define-strings';

const english = {
  someone: 'Someone',
  // Record writes of the resource kit: `<entity>.create|update|delete`.
  created: '{{who}} created {{thing}}',
  changed: '{{who}} changed {{thing}}',
  deleted: '{{who}} deleted {{thing}}',
  // Everything else the services write, one sentence per action.
  'action.auth.login': '{{who}} signed in',
  'action.auth.logout': '{{who}} signed out',
  'action.auth.login_failed': '{{who}} failed to sign in',
  'action.auth.refresh_token_reuse': 'A session of {{who}} was ended: its token was used twice',
  'action.auth.email_verification_sent': '{{who}} was asked to confirm their e-mail address',
  'action.auth.email_verified': '{{who}} confirmed their e-mail address',
  'action.auth.invitation_sent': '{{who}} invited {{email}}',
  'action.auth.invitation_accepted': '{{who}} accepted the invitation',
  'action.auth.password_reset_requested': '{{who}} asked to reset their password',
  'action.auth.password_reset': '{{who}} reset their password',
  'action.user.preferences': '{{who}} changed their app settings',
  'action.user.role_change': '{{who}} gave a user the role “{{role}}”',
  'action.user.password_change': '{{who}} changed their password',
  'action.user.sessions_revoked': '{{who}} signed out of their other sessions',
  'action.role.move_users': '{{who}} moved the users of a role to another role',
  'action.dropdown.reorder': '{{who}} reordered the options of a picklist',
  'action.file.create': '{{who}} uploaded {{thing}}',
  'action.file.download': '{{who}} downloaded {{thing}}',
  'action.mail.send': '{{who}} sent an e-mail',
  'action.mailTemplate.refused': 'A mail template was refused: the default text was sent',
  'action.notification.send': '{{who}} sent a notification',
  'action.contact.import': '{{who}} imported contacts',
  'action.company.plan_change': '{{who}} changed the plan of {{thing}}',
  'action.shipment.event': '{{who}} added a milestone to {{thing}}',
  'action.shipment.arrival_notice': '{{who}} sent the arrival notice of {{thing}}',
  'action.shipmentDocument.create': '{{who}} attached {{thing}} to a shipment',
  'action.shipmentDocument.delete': '{{who}} detached {{thing}} from a shipment',
  other: '{{who}} made a change',
  // The records, with their name and without.
  'named.shipment': 'the shipment {{name}}',
  'a.shipment': 'a shipment',
  'a.shipmentCharge': 'a charge of a shipment',
  'named.shipmentDocument': 'the document “{{name}}”',
  'a.shipmentDocument': 'a document',
  'named.contact': 'the contact “{{name}}”',
  'a.contact': 'a contact',
  'named.contactTag': 'the contact tag “{{name}}”',
  'a.contactTag': 'a contact tag',
  'named.user': 'the user “{{name}}”',
  'a.user': 'a user',
  'named.role': 'the role “{{name}}”',
  'a.role': 'a role',
  'named.group': 'the group “{{name}}”',
  'a.group': 'a group',
  'named.company': 'the company “{{name}}”',
  'a.company': 'a company',
  'named.businessType': 'the business type “{{name}}”',
  'a.businessType': 'a business type',
  'named.companyCurrency': 'the currency {{name}}',
  'a.companyCurrency': 'a currency',
  'named.receivingLocation': 'the receiving location “{{name}}”',
  'a.receivingLocation': 'a receiving location',
  'named.dropdown': 'the picklist option “{{name}}”',
  'a.dropdown': 'a picklist option',
  'named.dropdownGroup': 'the picklist “{{name}}”',
  'a.dropdownGroup': 'a picklist',
  'named.mailTemplate': 'the mail template “{{name}}”',
  'a.mailTemplate': 'a mail template',
  'named.reportSketch': 'the report “{{name}}”',
  'a.reportSketch': 'a report',
  'named.issue': 'the problem report “{{name}}”',
  'a.issue': 'a problem report',
  'named.product': 'the product “{{name}}”',
  'a.product': 'a product',
  'named.file': 'the file “{{name}}”',
  'a.file': 'a file',
  'a.record': 'a record',
} as const;

export type AuditStrings = typeof english;

const {
  t,
  useT,
  english: auditEnglish,
} = defineStrings('audit', english, () => import('./describe-audit.es').then((m) => m.spanish));

export { auditEnglish };

/** Refreshes the caller when the language changes; `describeAudit` reads the current one. */
export const useAuditT = useT;

type Key = keyof AuditStrings;
const has = (key: string): key is Key => Object.hasOwn(english, key);

/** The fields of an entry that can name its record, in the order a person would recognise it by. */
const NAME_FIELDS = ['name', 'title', 'number', 'code', 'label', 'value', 'fileName', 'emailId', 'email'] as const;

function recordName(changes: Record<string, unknown>): string | null {
  for (const side of ['after', 'before'] as const) {
    const fields = changes[side];
    if (!fields || typeof fields !== 'object') continue;
    for (const field of NAME_FIELDS) {
      const value = (fields as Record<string, unknown>)[field];
      if (typeof value === 'string' && value.trim()) return value.trim();
      if (typeof value === 'number') return String(value);
    }
  }
  return null;
}

/** "the report “Q3 sales”", or "a report" when the entry does not carry its name. */
function thing(entity: string, changes: Record<string, unknown>): string {
  const name = recordName(changes);
  const named = `named.${entity}`;
  const plain = `a.${entity}`;
  if (name && has(named)) return t(named, { name });
  return has(plain) ? t(plain) : t('a.record');
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export interface DescribableEntry {
  action: string;
  entity: string;
  actorName: string | null;
  changes: Record<string, unknown>;
}

/**
 * The entry as one sentence in the current language. `who` names the actor when the caller knows better
 * than the entry (the dashboard looks a user up by id); otherwise the entry's actor, else "Someone".
 */
export function describeAudit(entry: DescribableEntry, who?: string | null): string {
  const actor = who || entry.actorName || t('someone');
  const { action, entity, changes } = entry;
  const after = (changes.after ?? {}) as Record<string, unknown>;
  const values = { who: actor, thing: thing(entity, changes) };
  if (action === 'user.role_change' && !text(after.roleName)) return t('changed', { ...values, thing: t('a.user') });
  if (has(`action.${action}`))
    return t(`action.${action}` as Key, { ...values, role: text(after.roleName), email: text(changes.email) });
  const verb = action.slice(action.lastIndexOf('.') + 1);
  if (verb === 'create') return t('created', values);
  if (verb === 'update') return t('changed', values);
  if (verb === 'delete') return t('deleted', values);
  return t('other', values);
}

/** Whether the action has words of its own (the test that reads the server's sources uses it). */
export function isDescribedAction(action: string): boolean {
  const verb = action.slice(action.lastIndexOf('.') + 1);
  const entity = action.slice(0, action.lastIndexOf('.'));
  if (['create', 'update', 'delete'].includes(verb)) return has(`a.${entity}`);
  return has(`action.${action}`);
}
