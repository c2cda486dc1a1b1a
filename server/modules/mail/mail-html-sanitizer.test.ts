import { describe, expect, it } from 'vitest';
import { canonicalMailHtml, MAIL_HTML_CASES } from '../../../src/shared/mail-html-policy-cases.ts';
import { sanitizeMailHtml } from './mail-html-sanitizer.ts';
import { htmlToPlainText } from './send-plain-text.ts';

describe('sanitizeMailHtml (the mail service, with sanitize-html) agrees with the editor', () => {
  it.each(MAIL_HTML_CASES.map((c) => [c.name, c] as const))('%s', (_name, { input, expected }) => {
    expect(canonicalMailHtml(sanitizeMailHtml(input))).toBe(expected);
  });
});

describe('sanitizeMailHtml on markup a browser would repair differently', () => {
  it('never lets a script survive, however the markup is broken', () => {
    for (const input of [
      '<script>never closed <p>hidden</p>',
      '<svg><svg><script>x</script></svg><p>in svg</p></svg>after',
      '<scr<script>ipt>alert(1)</script>',
      '<img src=x onerror=alert(1)//',
      '<a href="https://x.test"><script>alert(1)</script></a>',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    ]) {
      const out = sanitizeMailHtml(input);
      expect(out, input).not.toMatch(/<script|onerror|javascript:/i);
    }
  });

  it('balances tags and escapes attribute values', () => {
    expect(sanitizeMailHtml('<b><i>x</b>y')).toBe('<b><i>x</i></b>y');
    expect(sanitizeMailHtml('</div><p>open')).toBe('<p>open</p>');
    expect(sanitizeMailHtml('<b title="a>b" onclick="x">c</b>')).toBe('<b title="a&gt;b">c</b>');
  });
});

describe('htmlToPlainText', () => {
  it('turns blocks into lines, list items into dashes and keeps link addresses', () => {
    const html = sanitizeMailHtml(
      '<p>Hello&nbsp;team,</p><p>Rates:<br>EUR &amp; USD &lt;net&gt;</p><ul><li>one</li><li>two</li></ul>' +
        '<p>See <a href="https://example.com/r">the report</a> or <a href="mailto:a@b.test">a@b.test</a>.</p><script>x()</script>',
    );
    expect(htmlToPlainText(html)).toBe(
      'Hello team,\n\nRates:\nEUR & USD <net>\n\n- one\n- two\n\nSee the report (https://example.com/r) or a@b.test.',
    );
  });

  it('keeps the spaces and line breaks of preformatted text and separates table cells with tabs', () => {
    expect(htmlToPlainText('<p>a  b\n c</p><pre>a  b\nc</pre><table><tr><td>x</td><td>y</td></tr></table>')).toBe(
      'a b c\n\na  b\nc\n\n\tx\ty',
    );
  });

  it('answers an empty string for an empty body', () => {
    expect(htmlToPlainText('')).toBe('');
  });
});
