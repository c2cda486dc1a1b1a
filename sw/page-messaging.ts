/**
 * The worker's messages with its pages: session notices to every tab (the session channel and
 * `postMessage`), renewed tokens to the windows only, and the pages' hand-over of their cookies.
 */
import type { SessionEnvelope, SessionMessage } from '../src/shared/sw-messages';
import { wrapSessionMessage } from '../src/shared/sw-messages';
import { isAuthTokensMessage, type AuthTokensRenewedMessage } from '../src/shared/worker-token-message';
import type { WorkerTokenSource } from './token-cache';

/** A session notice to every tab: through the session channel and to every window. */
export async function tellPages(
  scope: ServiceWorkerGlobalScope,
  channel: BroadcastChannel | null,
  message: SessionMessage,
): Promise<void> {
  if (message.type === 'tokens-refreshed') return;
  const envelope = wrapSessionMessage(message);
  channel?.postMessage(envelope);
  await postToWindows(scope, envelope);
}

/** To every window of the origin; token values go this way only, never to the session channel. */
export async function postToWindows(
  scope: ServiceWorkerGlobalScope,
  message: SessionEnvelope | AuthTokensRenewedMessage,
): Promise<void> {
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) client.postMessage(message);
}

/**
 * Takes the pages' hand-over of their cookies (`auth-tokens`): with a Cookie Store, the pages' view that
 * stands in while the store shows no session; without one, the tokens themselves.
 */
export function receiveHandOvers(scope: ServiceWorkerGlobalScope, source: WorkerTokenSource): void {
  if (source.kind === 'cookie-store') {
    scope.addEventListener('message', (event) => {
      if (isAuthTokensMessage(event.data)) source.tokens.receiveFromPage(event.data.tokens);
    });
    return;
  }
  scope.addEventListener('message', (event) => {
    if (!isAuthTokensMessage(event.data)) return;
    const from = event.source;
    // Kept alive until stored: a worker stopped before that would forget the hand-over.
    event.waitUntil(
      source.tokens.receive(event.data.tokens).then((newer) => {
        // The page handed a pair this worker already renewed: it writes the renewed one instead.
        if (newer) from?.postMessage(newer);
      }),
    );
  });
}
