// @vitest-environment jsdom
// jsdom only provides the `self` global that Workbox's modules read when they load.
import { describe, expect, it } from 'vitest';
import { isSkipWaitingMessage } from './lifecycle';

describe('isSkipWaitingMessage', () => {
  it('accepts the message workbox-window sends', () => {
    expect(isSkipWaitingMessage({ type: 'SKIP_WAITING' })).toBe(true);
  });

  it.each([null, undefined, 'SKIP_WAITING', { type: 'OTHER' }, {}])('ignores %j', (data) => {
    expect(isSkipWaitingMessage(data)).toBe(false);
  });
});
