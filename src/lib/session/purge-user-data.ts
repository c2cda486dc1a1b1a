/**
 * What a logout removes besides the session state and storage (issue 12): the signed-out user's outbox and
 * every Cache Storage cache except the worker's precache (the shell stays, so the app still opens offline).
 * A chunk of its own, loaded when signing out.
 */
import { idbOutboxStore } from '../../shared/outbox/outbox-store';
import { identityOfAccessToken } from '../../shared/token-identity';

export async function purgeUserData(accessToken: string | undefined): Promise<void> {
  const who = identityOfAccessToken(accessToken);
  if (who) {
    for (const entry of await idbOutboxStore.list().catch(() => [])) {
      if (entry.userId === who.userId && entry.companyId === who.companyId) await idbOutboxStore.remove(entry.id);
    }
    // What replays learned about records (ids and versions) goes with the session too.
    await idbOutboxStore.forgetChains().catch(() => undefined);
  }
  if (typeof caches === 'undefined') return;
  for (const name of await caches.keys()) {
    if (!name.startsWith('workbox-precache')) await caches.delete(name);
  }
}
