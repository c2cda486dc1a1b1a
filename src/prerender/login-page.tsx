/**
 * The build's server-side entry (vite.config.ts, `prerenderLogin`): the sign-in page as React renders it
 * for a logged-out visitor in English and light mode, the page src/main.tsx then hydrates. The tree is the
 * app's own (src/app/app.tsx: StrictMode, AppProvider, RouterProvider over the same routes), with a memory
 * router at /login instead of the browser's: any difference in structure would change the ids React gives
 * the form's fields and break hydration. Chakra styles through emotion, which on the server writes each
 * component's <style> just before it: the page's critical CSS, moved into <head> by emotion in the browser
 * before hydration starts.
 */
import { Global } from '@emotion/react';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { getAppSystem } from '../app/chakra-system';
import { AppProvider } from '../app/provider';
import { routes } from '../app/routes';
import { PRERENDERED_LOGIN_PATH } from '../shared/login-prerender';

export function renderLoginPage(): string {
  const router = createMemoryRouter(routes, { initialEntries: [PRERENDERED_LOGIN_PATH] });
  return renderToString(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
}

/**
 * The theme's global CSS (the reset, the global styles and every token as a CSS variable) as emotion writes
 * it for Chakra's provider: the build puts it in the HTML's <head> (vite.config.ts, `themeCss`), and the
 * provider then leaves it out (src/app/chakra-system.ts, `getProviderSystem`). On the server emotion renders
 * a global style as one <style> element; its text is the CSS.
 */
export function renderThemeCss(): string {
  const system = getAppSystem();
  const html = renderToString(<Global styles={[system.layers.atRule, ...system._global]} />);
  const match = /^<style data-emotion="[^"]*"[^>]*>([^<]+)<\/style>$/.exec(html);
  if (!match?.[1]) throw new Error(`renderThemeCss: emotion rendered no single <style>: ${html.slice(0, 120)}`);
  return match[1];
}
