/**
 * Inputs and the HTML both mail sanitizers must make of them: sanitize-html on the mail service
 * (server/modules/mail/mail-html-sanitizer.test.ts) and DOMPurify in the editor
 * (src/lib/rich-text/mail-html-purify.test.ts). One table, so that the preview and the sent mail agree.
 * Expected HTML is compared after `canonicalMailHtml` (void elements written `<br>`, not `<br />`).
 */
export interface MailHtmlCase {
  name: string;
  input: string;
  expected: string;
}

export function canonicalMailHtml(html: string): string {
  return html.replace(/\s*\/>/g, '>');
}

const UNSAFE_LINKS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'jav&#x61;script:alert(1)',
  '&#106;avascript:alert(1)',
  'javascript&colon;alert(1)',
  'vbscript:msgbox(1)',
  'data:text/html;base64,PHNjcmlwdD4=',
  'cid:part1',
];

export const MAIL_HTML_CASES: readonly MailHtmlCase[] = [
  {
    name: 'keeps formatting, lists, headings, tables and safe links as written',
    input:
      '<p>Hello <b>bold</b>, <i>it</i>, <u>u</u>, <strong>s</strong>, <em>e</em><br>next</p>' +
      '<ul><li>one</li><li>two</li></ul><ol start="3"><li>three</li></ol>' +
      '<h2>Title</h2><blockquote>quoted</blockquote><table border="1"><tbody><tr><td colspan="2">cell</td></tr></tbody></table>' +
      '<a href="https://example.com/x?a=1&amp;b=2">link</a> <a href="mailto:ops@example.com">mail</a> <a href="tel:+15551234">call</a>',
    expected:
      '<p>Hello <b>bold</b>, <i>it</i>, <u>u</u>, <strong>s</strong>, <em>e</em><br>next</p>' +
      '<ul><li>one</li><li>two</li></ul><ol start="3"><li>three</li></ol>' +
      '<h2>Title</h2><blockquote>quoted</blockquote><table border="1"><tbody><tr><td colspan="2">cell</td></tr></tbody></table>' +
      '<a href="https://example.com/x?a=1&amp;b=2">link</a> <a href="mailto:ops@example.com">mail</a> <a href="tel:+15551234">call</a>',
  },
  {
    name: 'removes script, style and iframe elements with their content',
    input:
      '<p>a</p><script>alert(1)</script><style>p{color:red}</style><iframe src="https://evil.test">x</iframe><p>b</p>',
    expected: '<p>a</p><p>b</p>',
  },
  {
    name: 'removes a script whatever its case and whatever it contains',
    input: '<SCRIPT type="text/javascript">var x = "</p>";</SCRIPT >ok',
    expected: 'ok',
  },
  {
    name: 'removes svg with everything inside it',
    input: '<p>x</p><svg><a href="https://x.test">y</a></svg>after',
    expected: '<p>x</p>after',
  },
  { name: 'removes objects and embeds', input: '<object data="x.swf"><embed src="x.swf"></object>ok', expected: 'ok' },
  { name: 'removes event handlers', input: '<p onclick="steal()">x</p>', expected: '<p>x</p>' },
  {
    name: 'removes an unquoted event handler on an image',
    input: '<img src="https://example.com/a.png" onerror=alert(1)>',
    expected: '<img src="https://example.com/a.png">',
  },
  {
    name: 'removes an upper-case event handler',
    input: '<div ONMOUSEOVER=\'x()\' title="t">y</div>',
    expected: '<div title="t">y</div>',
  },
  { name: 'removes a handler written after a slash', input: '<p/onload=alert(1)>z</p>', expected: '<p>z</p>' },
  ...UNSAFE_LINKS.map((href) => ({
    name: `removes the link address ${JSON.stringify(href)}`,
    input: `<a href="${href}">x</a>`,
    expected: '<a>x</a>',
  })),
  { name: 'removes a javascript: image', input: '<img src="javascript:alert(1)">', expected: '<img>' },
  {
    name: 'keeps an inline and a cid: image',
    input: '<img src="data:image/png;base64,iVBORw0KGgo="><img src="cid:logo">',
    expected: '<img src="data:image/png;base64,iVBORw0KGgo="><img src="cid:logo">',
  },
  {
    name: 'removes a javascript: quote source',
    input: '<blockquote cite="javascript:x">q</blockquote>',
    expected: '<blockquote>q</blockquote>',
  },
  {
    name: 'keeps plain style declarations',
    input: '<span style="color: red; font-weight: bold">x</span>',
    expected: '<span style="color:red;font-weight:bold">x</span>',
  },
  {
    name: 'removes style declarations that fetch, run or position',
    input: '<span style="background-image: url(javascript:x); color: expression(alert(1)); position: fixed">x</span>',
    expected: '<span>x</span>',
  },
  {
    name: 'keeps the allowed declarations of a mixed style',
    input: '<p style="position: absolute; text-align: center; behavior: url(x.htc)">c</p>',
    expected: '<p style="text-align:center">c</p>',
  },
  {
    name: 'drops forms and inputs but keeps their text, and drops the document frame',
    input:
      '<!DOCTYPE html><html><head><title>t</title></head><body><form action="/x"><p>keep</p><input value="v"></form></body></html>',
    expected: '<p>keep</p>',
  },
  { name: 'drops comments', input: 'a<!-- <script>alert(1)</script> -->b', expected: 'ab' },
  { name: 'unwraps unknown elements', input: '<custom-el>text</custom-el>', expected: 'text' },
  { name: 'escapes stray markup characters', input: '1 < 2 > 0 & 3', expected: '1 &lt; 2 &gt; 0 &amp; 3' },
  {
    name: 'drops target and other attributes not on the list',
    input: '<a href="https://x.test" target="_blank" class="c" id="i" data-x="1">x</a>',
    expected: '<a href="https://x.test">x</a>',
  },
  {
    name: 'drops attributes of other elements',
    input: '<p src="https://x.test" colspan="2">x</p>',
    expected: '<p>x</p>',
  },
];
