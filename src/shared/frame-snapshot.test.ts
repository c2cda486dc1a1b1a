import { describe, expect, it } from 'vitest';
import {
  FRAME_SNAPSHOT_MAX_CHARS,
  FRAME_SNAPSHOT_VERSION,
  parseFrameSnapshot,
  shellWithSnapshot,
  snapshotApplies,
  type FrameSnapshot,
} from './frame-snapshot';
import { REFERENCE_DATA_MAX_AGE_MS } from './session-rules';

const NOW = Date.UTC(2026, 10, 28, 12);
const SNAPSHOT: FrameSnapshot = {
  version: FRAME_SNAPSHOT_VERSION,
  userId: 'u1',
  companyId: 'c1',
  savedAt: NOW - 60_000,
  htmlAttributes: { lang: 'es', class: 'dark', style: 'color-scheme: dark;' },
  markup: '<header data-frame-bar=""><nav aria-label="Principal">AD $& $1</nav></header>',
  css: '.css-1a{color:red}',
};
const SHELL =
  '<!doctype html><html lang="en"><head></head><body><div id="root"></div><script src="/a.js"></script></body></html>';

describe('which kept picture of the frame a visit gets', () => {
  it('is the one of the same user and company, less than 24 hours old', () => {
    expect(snapshotApplies(SNAPSHOT, { userId: 'u1', companyId: 'c1' }, NOW)).toBe(true);
  });

  it('is none for another user, another company, no session, an old picture or an older format', () => {
    expect(snapshotApplies(SNAPSHOT, { userId: 'u2', companyId: 'c1' }, NOW)).toBe(false);
    expect(snapshotApplies(SNAPSHOT, { userId: 'u1', companyId: 'c2' }, NOW)).toBe(false);
    expect(snapshotApplies(SNAPSHOT, null, NOW)).toBe(false);
    expect(snapshotApplies(null, { userId: 'u1', companyId: 'c1' }, NOW)).toBe(false);
    const old = { ...SNAPSHOT, savedAt: NOW - REFERENCE_DATA_MAX_AGE_MS - 1 };
    expect(snapshotApplies(old, { userId: 'u1', companyId: 'c1' }, NOW)).toBe(false);
    const future = { ...SNAPSHOT, savedAt: NOW + 60_000 };
    expect(snapshotApplies(future, { userId: 'u1', companyId: 'c1' }, NOW)).toBe(false);
    const format = { ...SNAPSHOT, version: FRAME_SNAPSHOT_VERSION + 1 };
    expect(snapshotApplies(format, { userId: 'u1', companyId: 'c1' }, NOW)).toBe(false);
    const large = { ...SNAPSHOT, css: 'x'.repeat(FRAME_SNAPSHOT_MAX_CHARS) };
    expect(snapshotApplies(large, { userId: 'u1', companyId: 'c1' }, NOW)).toBe(false);
  });

  it('reads only a well-formed picture', () => {
    expect(parseFrameSnapshot(JSON.stringify(SNAPSHOT))).toEqual(SNAPSHOT);
    expect(parseFrameSnapshot('not json')).toBeNull();
    expect(parseFrameSnapshot(JSON.stringify({ ...SNAPSHOT, markup: 1 }))).toBeNull();
    expect(parseFrameSnapshot('null')).toBeNull();
  });
});

describe('the shell with the picture in it', () => {
  it('puts the picture, inert and hidden from assistive technology, in #root, with its language and theme', () => {
    const html = shellWithSnapshot(SHELL, SNAPSHOT);
    expect(html).toContain('<html lang="es" class="dark" style="color-scheme: dark;">');
    expect(html).toContain(
      '<div id="root"><div data-frame-snapshot="" inert aria-hidden="true"><style>.css-1a{color:red}</style>' +
        `${SNAPSHOT.markup}</div></div>`,
    );
    // The rest of the shell (its script) is as it was.
    expect(html).toContain('<script src="/a.js"></script>');
  });

  it('escapes the attributes and leaves the shell alone when the CSS could end its element', () => {
    const quoted = shellWithSnapshot(SHELL, { ...SNAPSHOT, htmlAttributes: { lang: 'en" onload="x' } });
    expect(quoted).toContain('<html lang="en&quot; onload=&quot;x">');
    expect(shellWithSnapshot(SHELL, { ...SNAPSHOT, css: 'a{}</style><script>x</script>' })).toBe(SHELL);
    expect(shellWithSnapshot('<html><body>no root</body></html>', SNAPSHOT)).toBe('<html><body>no root</body></html>');
  });
});
