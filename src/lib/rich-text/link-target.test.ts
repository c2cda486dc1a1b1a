import { describe, expect, it } from 'vitest';
import { linkTargetAllowed } from './link-target';

describe('the Link button’s addresses', () => {
  it('takes the schemes the mail keeps, and refuses the others', () => {
    for (const url of ['https://example.com', 'HTTP://x.test', 'mailto:a@b.test', 'tel:+3110'])
      expect(linkTargetAllowed(url)).toBe(true);
    for (const url of ['javascript:alert(1)', 'data:text/html,x', 'example.com', ''])
      expect(linkTargetAllowed(url)).toBe(false);
  });

  it('takes one whole merge field in a template only', () => {
    expect(linkTargetAllowed('{{acceptUrl}}', { mergeFields: true })).toBe(true);
    expect(linkTargetAllowed('{{acceptUrl}}')).toBe(false);
    expect(linkTargetAllowed('x{{acceptUrl}}', { mergeFields: true })).toBe(false);
  });
});
