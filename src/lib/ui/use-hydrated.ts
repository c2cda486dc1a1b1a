import { startTransition, useEffect, useState } from 'react';

/**
 * False in the build's server render and while React hydrates that markup, true from then on (in a page
 * rendered in the browser, from right after its first render). The prerendered sign-in page (README "First
 * load") paints before its script runs: what only works with the script, such as submitting the form, waits
 * for this, so a click in between does nothing rather than submit the form the browser's way.
 *
 * An effect and a transition rather than useSyncExternalStore's server snapshot: that re-renders the
 * screen synchronously, in one long task right after hydration, where a transition is done in slices.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}
