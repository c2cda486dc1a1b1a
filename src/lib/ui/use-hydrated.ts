import { useSyncExternalStore } from 'react';

const never = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

/**
 * False in the build's server render and while React hydrates that markup, true from then on (and at once
 * in a page rendered in the browser). The prerendered sign-in page (README "First load") paints before its
 * script runs: what only works with the script, such as submitting the form, waits for this, so a click in
 * between does nothing rather than submit the form the browser's way.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(never, inBrowser, onServer);
}
