/**
 * The build's server-side entry (vite.config.ts, `prerenderLogin`): the sign-in page as React renders it
 * for a logged-out visitor in English and light mode, the page src/main.tsx then hydrates. The tree is the
 * app's own (src/app/app.tsx: StrictMode, AppProvider, RouterProvider over the same routes), with a memory
 * router at /login instead of the browser's: any difference in structure would change the ids React gives
 * the form's fields and break hydration. Chakra styles through emotion, which on the server writes each
 * component's <style> just before it: the page's critical CSS, moved into <head> by emotion in the browser
 * before hydration starts.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
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
