import './lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadSignedInFrame } from './app/app-layout';
import { getAppSystem } from './app/chakra-system';
import { PRERENDERED_ATTRIBUTE, canHydrate, keepLoginPrerenderCookie } from './app/prerendered-login';
import { applyLanguage } from './lib/i18n/i18n';
import { captureInstallPrompt } from './lib/install-prompt';
import { registerServiceWorker } from './lib/service-worker';
import { installStaleChunkReload } from './lib/stale-chunk-reload';
import { startSessionEarly } from './lib/session/session-store';
import { applyInitialColorMode } from './lib/ui/color-mode';

captureInstallPrompt();
// Before the first render, so a stale lazy chunk on the very first route is already covered.
installStaleChunkReload();
// Before the first paint, so a dark-mode user never sees a white flash.
applyInitialColorMode();

/**
 * A repeat visit (both session cookies) starts the session's life cycle and the signed-in frame's chunk now,
 * while the theme is built, rather than after the first render: the first render is then the signed-in
 * frame with the user this device remembers (issue 24), not a loading screen replaced a few round trips later.
 */
const earlySession = startSessionEarly();
const earlyFrame = earlySession ? loadSignedInFrame().then(() => undefined) : null;
/** How long the first render waits for them at most: a slow start shows the loading state as before. */
const EARLY_SESSION_WAIT_MS = 800;

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/** Ends the current task: the browser may handle input (and Lighthouse counts no blocking) in between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Start-up in three pieces rather than one long task on a phone's CPU: the bundle's evaluation, then
 * Chakra's theme (every token turned into CSS variables), then React's first render as a transition, which
 * React renders in slices of a few milliseconds. The page shows the same, a few milliseconds later.
 */
async function start(root: HTMLElement) {
  // The user's or the browser's language before the first paint (Spanish is a small lazy chunk).
  await applyLanguage();
  await nextTask();
  getAppSystem();
  await nextTask();
  if (earlySession && earlyFrame) {
    await Promise.race([
      Promise.all([earlySession, earlyFrame]).catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, EARLY_SESSION_WAIT_MS)),
    ]);
  }
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // /login may arrive prerendered (login.html, README "First load"): hydrate it when this visit renders
  // the same page; otherwise render afresh into an empty root, as without a prerendered page (its styles
  // are no longer in it: emotion moved them to <head> when it loaded).
  if (canHydrate(root)) {
    // As a transition, hydration too is done in slices of a few milliseconds (outside one, React hydrates
    // the whole page in one long task).
    startTransition(() => void hydrateRoot(root, app));
  } else {
    if (root.hasAttribute(PRERENDERED_ATTRIBUTE)) root.replaceChildren();
    const reactRoot = createRoot(root);
    startTransition(() => reactRoot.render(app));
  }
  // login.html keeps its content hidden from a dark system theme until the script has decided (vite.config.ts).
  root.removeAttribute(PRERENDERED_ATTRIBUTE);
  keepLoginPrerenderCookie();
}

void start(container);
void registerServiceWorker();
