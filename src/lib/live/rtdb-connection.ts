/**
 * Opens the Realtime Database for the notification feed: waits for the identity-provider session (the
 * custom-token sign-in that session set-up starts), then imports firebase/database, lazily: never on a
 * first load, and never where no database is configured.
 */
import type { User } from 'firebase/auth';
import { identityAuth } from '../firebase/firebase-session';
import type { RtdbConnection, RtdbFunctions } from './rtdb-notification-feed';

/** How long to wait for the custom-token sign-in before giving up (the caller falls back to the stream). */
const SIGN_IN_WAIT_MS = 15_000;

export async function openRtdbConnection(databaseURL: string): Promise<RtdbConnection> {
  const auth = await identityAuth();
  if (!auth) throw new Error('No identity provider for this host');
  await auth.authStateReady();
  if (!auth.currentUser) {
    const { onAuthStateChanged } = await import('firebase/auth');
    await new Promise<User>((resolve, reject) => {
      const timer = setTimeout(() => {
        off();
        reject(new Error('No identity-provider session for the realtime database'));
      }, SIGN_IN_WAIT_MS);
      const off = onAuthStateChanged(auth, (user) => {
        if (!user) return;
        clearTimeout(timer);
        off();
        resolve(user);
      });
    });
  }
  const database = await import('firebase/database');
  const fns: RtdbFunctions = {
    ref: (db, path) => database.ref(db as ReturnType<typeof database.getDatabase>, path),
    query: (ref, ...constraints) =>
      database.query(
        ref as ReturnType<typeof database.ref>,
        ...(constraints as Parameters<typeof database.query>[1][]),
      ),
    orderByChild: (path) => database.orderByChild(path),
    startAt: (value) => database.startAt(value),
    limitToFirst: (limit) => database.limitToFirst(limit),
    onValue: (q, callback, cancel) =>
      database.onValue(q as ReturnType<typeof database.query>, (snapshot) => callback(snapshot), cancel),
  };
  return { db: database.getDatabase(auth.app, databaseURL), fns };
}
