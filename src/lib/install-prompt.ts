/**
 * The browser's offer to install the app (Chromium's `beforeinstallprompt`, a WICG draft), held so that the
 * avatar menu can make it rather than the browser's own mini-infobar. The event fires once, early (often
 * before React has rendered anything), so `captureInstallPrompt()` runs at start-up, in the entry; the menu
 * entry that reads it (src/app/install-app-button.tsx) is in a lazy chunk. Kept tiny for that reason.
 */

/** The event of the draft; not in lib.dom. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

let offer: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function setOffer(next: BeforeInstallPromptEvent | null): void {
  if (next === offer) return;
  offer = next;
  for (const listener of listeners) listener();
}

/** Starts holding the browser's install offer, and drops it once the app is installed. Returns a stop. */
export function captureInstallPrompt(target: EventTarget = window): () => void {
  const onOffer = (event: Event): void => {
    // Keeps the browser from showing its own prompt: the menu offers the install instead.
    event.preventDefault();
    setOffer(event as BeforeInstallPromptEvent);
  };
  const onInstalled = (): void => setOffer(null);
  target.addEventListener('beforeinstallprompt', onOffer);
  target.addEventListener('appinstalled', onInstalled);
  return () => {
    target.removeEventListener('beforeinstallprompt', onOffer);
    target.removeEventListener('appinstalled', onInstalled);
  };
}

/** Whether the browser offers the install now. */
export function canInstallApp(): boolean {
  return offer !== null;
}

export function subscribeInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Shows the browser's install dialog and answers the user's choice; `unavailable` when there is no offer or
 * the browser refuses to show it. An offer can be shown only once, so it is dropped at once: the browser
 * fires a new `beforeinstallprompt` if the user dismisses the dialog.
 */
export async function installApp(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = offer;
  if (!event) return 'unavailable';
  setOffer(null);
  try {
    await event.prompt();
    return (await event.userChoice).outcome;
  } catch {
    return 'unavailable';
  }
}
