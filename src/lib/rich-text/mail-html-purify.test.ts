// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { canonicalMailHtml, MAIL_HTML_CASES } from '../../shared/mail-html-policy-cases';
import { purifyMailHtml } from './mail-html-purify';

describe('purifyMailHtml (the editor, with DOMPurify) agrees with the mail service', () => {
  it.each(MAIL_HTML_CASES.map((c) => [c.name, c] as const))('%s', (_name, { input, expected }) => {
    expect(canonicalMailHtml(purifyMailHtml(input))).toBe(expected);
  });
});
