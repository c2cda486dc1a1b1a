// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_COOKIES } from '../shared/session-cookies';
import { FRAME_SNAPSHOT_VERSION } from '../shared/frame-snapshot';
import { cssFor, takeFrameSnapshot } from './frame-snapshot-capture';

const NOW = Date.UTC(2026, 10, 28, 12);

function tokenFor(claims: object): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'none' })}.${encode(claims)}.signature`;
}

function setCookies(accessToken: string | null): void {
  for (const name of Object.values(AUTH_COOKIES)) document.cookie = `${name}=; Max-Age=0; Path=/`;
  if (!accessToken) return;
  document.cookie = `${AUTH_COOKIES.accessToken}=${accessToken}; Path=/`;
  document.cookie = `${AUTH_COOKIES.refreshToken}=refresh; Path=/`;
}

/** The frame as the app renders it, reduced to what the picture is about. */
const FRAME = `
  <div id="root">
    <header data-frame-bar="" class="css-bar">
      <nav aria-label="Main" class="css-nav">
        <a href="/dashboard" aria-current="page" class="css-link">Freight Desk</a>
        <span data-snapshot-omit="" class="css-badge">9+</span>
        <div data-snapshot-omit=""><a href="/outbox">Offline, 3 changes waiting</a></div>
        <button aria-label="Account menu" aria-expanded="true" id="menu-button" class="css-avatar">AD</button>
        <div role="group" data-snapshot-omit="">Admin Demo admin@demo.test</div>
        <img src="blob:http://localhost/123" alt="Admin Demo" />
        <img src="/icons/icon.svg" alt="" />
      </nav>
    </header>
    <div class="css-offset">
      <div role="alert">Your subscription has expired</div>
      <main data-frame-content="" class="css-main">
        <div class="css-column"><h1>Dashboard</h1><p>17,513 matches</p></div>
      </main>
    </div>
  </div>`;

const EMOTION_CSS = `
  .css-bar{position:fixed;}
  .css-avatar{border-radius:9999px;}
  .css-avatar:hover{opacity:.8;}
  .dark .css-avatar{color:white;}
  .css-elsewhere{color:red;}
  .dark .css-elsewhere{color:blue;}
  .css-badge{background:red;}
  @media screen and (min-width: 48rem){.css-main{padding:32px;}.css-elsewhere{padding:1px;}}
`;

beforeEach(() => {
  document.body.innerHTML = FRAME;
  const style = document.createElement('style');
  style.setAttribute('data-emotion', 'css');
  style.textContent = EMOTION_CSS;
  document.head.append(style);
  document.documentElement.lang = 'es';
  document.documentElement.className = 'dark';
  setCookies(tokenFor({ sub: 'user-1', cid: 'company-1' }));
});

afterEach(() => {
  document.head.querySelectorAll('style').forEach((style) => style.remove());
  document.documentElement.removeAttribute('class');
  setCookies(null);
});

describe('the picture of the signed-in frame', () => {
  it('keeps the bar and the content box, and leaves out counts, status, the open menu and the page data', () => {
    const snapshot = takeFrameSnapshot(NOW);
    expect(snapshot).toMatchObject({
      version: FRAME_SNAPSHOT_VERSION,
      userId: 'user-1',
      companyId: 'company-1',
      savedAt: NOW,
      htmlAttributes: { lang: 'es', class: 'dark' },
    });
    const picture = document.createElement('div');
    picture.innerHTML = snapshot!.markup;
    expect(picture.querySelector('nav[aria-label="Main"] [aria-label="Account menu"]')?.textContent).toBe('AD');
    expect(picture.textContent).not.toContain('9+');
    expect(picture.textContent).not.toContain('changes waiting');
    expect(picture.textContent).not.toContain('admin@demo.test');
    // The last visit's content and banners stay behind: the content box holds an empty skeleton.
    expect(picture.textContent).not.toContain('17,513');
    expect(picture.textContent).not.toContain('Dashboard');
    expect(picture.textContent).not.toContain('subscription');
    expect(picture.querySelector('main.css-main > div.css-column > div')).not.toBeNull();
    // This moment's state and ids go; only the app's own static images stay.
    expect(picture.querySelector('[aria-current]')).toBeNull();
    expect(picture.querySelector('[aria-expanded="true"]')).toBeNull();
    expect(picture.querySelector('[id]')).toBeNull();
    expect([...picture.querySelectorAll('img')].map((image) => image.getAttribute('src'))).toEqual(['/icons/icon.svg']);
    // The page itself is untouched.
    expect(document.querySelector('[aria-current="page"]')).not.toBeNull();
    expect(document.body.textContent).toContain('9+');
  });

  it('carries the CSS rules of its own classes only', () => {
    const css = takeFrameSnapshot(NOW)!.css;
    expect(css).toContain('.css-bar');
    expect(css).toContain('.css-avatar:hover');
    expect(css).toContain('.dark .css-avatar');
    expect(css).toMatch(/@media screen and \(min-width: 48rem\)\s*\{\s*\.css-main/);
    expect(css).not.toContain('css-elsewhere');
    expect(css).not.toContain('.css-badge');
  });

  it('is not taken without a session or without the frame', () => {
    setCookies(null);
    expect(takeFrameSnapshot(NOW)).toBeNull();
    setCookies(tokenFor({ sub: 'user-1', cid: 'company-1' }));
    document.querySelector('[data-frame-bar]')?.remove();
    expect(takeFrameSnapshot(NOW)).toBeNull();
  });

  it('reads no rules from a style sheet that is not emotion’s', () => {
    const other = document.createElement('style');
    other.textContent = '.css-bar{color:green}';
    document.head.append(other);
    expect(cssFor(document.querySelector('[data-frame-bar]')!)).not.toContain('green');
  });
});
