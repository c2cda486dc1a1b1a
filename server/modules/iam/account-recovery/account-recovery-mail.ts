/**
 * The mails that carry account links: one plain-text and one HTML rendering of the same few sentences.
 */
import { ApiError } from '../../../http/api-error.ts';
import { ERROR_CODES } from '../../../../src/shared/api-envelope.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export interface ActionMail {
  subject: string;
  greeting: string;
  paragraphs: string[];
  actionLabel: string;
  url: string;
  footer: string;
}

export function renderActionMail(mail: ActionMail): { subject: string; text: string; html: string } {
  const text = [
    mail.greeting,
    '',
    ...mail.paragraphs.flatMap((p) => [p, '']),
    `${mail.actionLabel}: ${mail.url}`,
    '',
    mail.footer,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(mail.greeting)}</p>`,
    ...mail.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(mail.url)}">${escapeHtml(mail.actionLabel)}</a></p>`,
    `<p>${escapeHtml(mail.footer)}</p>`,
  ].join('\n');
  return { subject: mail.subject, text, html };
}

/** A link in the web app: `{publicWebUrl}{path}?token=…` (the token travels in the page URL, never an API URL). */
export function webLink(publicWebUrl: string, path: string, params: Record<string, string>): string {
  return `${publicWebUrl}${path}?${new URLSearchParams(params).toString()}`;
}

export const actionTokenInvalid = () =>
  new ApiError(400, ERROR_CODES.ACTION_TOKEN_INVALID, 'This link is not valid or has already been used');
export const actionTokenExpired = () =>
  new ApiError(400, ERROR_CODES.ACTION_TOKEN_EXPIRED, 'This link has expired; ask for a new one');
