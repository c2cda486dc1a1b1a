/**
 * Which addresses the editors' Link button accepts: a scheme the mail allow-list keeps for `href`
 * (src/shared/mail-html-policy.ts), or, in a template, one whole merge field (`{{acceptUrl}}`), which is
 * how the sign-in templates may carry a secret link (server/modules/mail/templates/template-render.ts).
 */
import { MAIL_URL_SCHEMES } from '../../shared/mail-html-policy';

const WHOLE_FIELD = /^\{\{\s*[A-Za-z]\w*\s*\}\}$/;

/** Whether `url` (as typed, trimmed) may become a link's address. */
export function linkTargetAllowed(url: string, { mergeFields = false }: { mergeFields?: boolean } = {}): boolean {
  if (mergeFields && WHOLE_FIELD.test(url)) return true;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  return scheme !== undefined && MAIL_URL_SCHEMES.href.includes(scheme);
}
