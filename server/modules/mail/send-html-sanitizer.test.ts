import { describe, expect, it } from 'vitest';
import { isSafeUrl, sanitizeMailHtml } from './send-html-sanitizer.ts';
import { htmlToPlainText } from './send-plain-text.ts';

describe('sanitizeMailHtml', () => {
  it('keeps allowed formatting as written', () => {
    const html =
      '<p>Hello <b>bold</b>, <i>it</i>, <u>u</u>, <strong>s</strong>, <em>e</em><br>next</p>' +
      '<ul><li>one</li><li>two</li></ul><ol start="3"><li>three</li></ol>' +
      '<h2>Title</h2><blockquote>quoted</blockquote><table border="1"><tbody><tr><td colspan="2">cell</td></tr></tbody></table>' +
      '<a href="https://example.com/x?a=1&amp;b=2">link</a> <a href="mailto:ops@example.com">mail</a>';
    expect(sanitizeMailHtml(html)).toBe(html);
  });

  it('removes script, style and iframe elements together with their content', () => {
    const out = sanitizeMailHtml(
      '<p>a</p><script>alert(1)</script><style>p{color:red}</style><iframe src="https://evil.test">x</iframe><p>b</p>',
    );
    expect(out).toBe('<p>a</p><p>b</p>');
    expect(sanitizeMailHtml('<SCRIPT type="text/javascript">var x = "</p>";</SCRIPT >ok')).toBe('ok');
    expect(sanitizeMailHtml('<script>never closed <p>hidden</p>')).toBe('');
    expect(sanitizeMailHtml('<svg><svg><script>x</script></svg><p>in svg</p></svg>after')).toBe('after');
    expect(sanitizeMailHtml('<object data="x.swf"><embed src="x.swf"></object>ok')).toBe('ok');
  });

  it('removes event-handler attributes however they are written', () => {
    expect(sanitizeMailHtml('<p onclick="steal()">x</p>')).toBe('<p>x</p>');
    expect(sanitizeMailHtml('<img src="https://example.com/a.png" onerror=alert(1)>')).toBe(
      '<img src="https://example.com/a.png">',
    );
    expect(sanitizeMailHtml('<div ONMOUSEOVER=\'x()\' title="t">y</div>')).toBe('<div title="t">y</div>');
    expect(sanitizeMailHtml('<p/onload=alert(1)>z</p>')).toBe('<p>z</p>');
    expect(sanitizeMailHtml('<b title="a>b" onclick="x">c</b>')).toBe('<b title="a&gt;b">c</b>');
  });

  it('removes javascript: and other unsafe URLs, also when disguised', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'jav&#x61;script:alert(1)',
      '&#106;avascript:alert(1)',
      'javascript&colon;alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
    ]) {
      expect(sanitizeMailHtml(`<a href="${href}">x</a>`), href).toBe('<a>x</a>');
    }
    expect(sanitizeMailHtml('<img src="javascript:alert(1)">')).toBe('<img>');
    expect(sanitizeMailHtml('<img src="data:image/png;base64,iVBORw0KGgo=">')).toBe(
      '<img src="data:image/png;base64,iVBORw0KGgo=">',
    );
    expect(isSafeUrl('/relative/path', 'link')).toBe(true);
    expect(isSafeUrl('tel:+15551234', 'link')).toBe(true);
  });

  it('keeps safe style declarations only', () => {
    expect(sanitizeMailHtml('<span style="color: red; font-weight: bold">x</span>')).toBe(
      '<span style="color: red; font-weight: bold">x</span>',
    );
    expect(
      sanitizeMailHtml(
        '<span style="background-image: url(javascript:x); color: expression(alert(1)); position: fixed">x</span>',
      ),
    ).toBe('<span>x</span>');
  });

  it('drops disallowed elements but keeps their text, and drops comments and doctypes', () => {
    expect(
      sanitizeMailHtml(
        '<!DOCTYPE html><html><head><title>t</title></head><body><form action="/x"><p>keep</p><input value="v"></form></body></html>',
      ),
    ).toBe('<p>keep</p>');
    expect(sanitizeMailHtml('a<!-- <script>alert(1)</script> -->b')).toBe('ab');
    expect(sanitizeMailHtml('<custom-el>text</custom-el>')).toBe('text');
  });

  it('escapes stray markup characters and balances tags', () => {
    expect(sanitizeMailHtml('1 < 2 > 0')).toBe('1 &lt; 2 &gt; 0');
    expect(sanitizeMailHtml('<b><i>x</b>y')).toBe('<b><i>x</i></b>y');
    expect(sanitizeMailHtml('</div><p>open')).toBe('<p>open</p>');
    expect(sanitizeMailHtml('<a href="https://x.test" target="_blank">x</a>')).toBe(
      '<a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});

describe('htmlToPlainText', () => {
  it('turns blocks into lines, list items into dashes and keeps link addresses', () => {
    const html = sanitizeMailHtml(
      '<p>Hello&nbsp;team,</p><p>Rates:<br>EUR &amp; USD</p><ul><li>one</li><li>two</li></ul>' +
        '<p>See <a href="https://example.com/r">the report</a> or <a href="mailto:a@b.test">a@b.test</a>.</p><script>x()</script>',
    );
    expect(htmlToPlainText(html)).toBe(
      'Hello team,\n\nRates:\nEUR & USD\n\n- one\n- two\n\nSee the report (https://example.com/r) or a@b.test.',
    );
  });

  it('answers an empty string for an empty body', () => {
    expect(htmlToPlainText('')).toBe('');
  });
});
