import { useEffect } from 'react';
import { PRERENDER_HYDRATED_EVENT } from '../../shared/login-prerender';

/**
 * Tells the prerendered sign-in page's starter (vite.config.ts, loginStarter) that React has taken the page
 * over: the first effect runs once the markup is hydrated. The starter then makes again the click, submit or
 * language choice it held meanwhile, now handled by the app. In a page rendered in the browser from the start
 * nothing listens, and the event is harmless.
 */
export function useHydrationAnnouncement(): void {
  useEffect(() => {
    document.dispatchEvent(new Event(PRERENDER_HYDRATED_EVENT));
  }, []);
}
