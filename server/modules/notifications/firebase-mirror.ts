/**
 * The copy of notifications in the identity provider's Realtime Database (docs/api.md section 8), where
 * one is configured (`FIREBASE_DATABASE_URL`): each new notification is written to
 * `{companyId}/general-notification/{userId}/{notificationId}`, and its `status` follows mark-loaded.
 * The bell reads that path live; `database.rules.json` lets a user read only their own.
 *
 * The mapping is pure (and unit-tested); the I/O is a thin layer over firebase-admin, imported lazily so
 * that a product without a Realtime Database never loads it. Credentials are firebase-admin's usual ones
 * (`GOOGLE_APPLICATION_CREDENTIALS`, or `FIREBASE_DATABASE_EMULATOR_HOST` for the emulator).
 */
// Types only: erased at run time, so firebase-admin still loads lazily, on the first write.
import type { Database as Db } from 'firebase-admin/database';
import type { ServerConfig } from '../../config.ts';
import type { NotificationItem, NotificationStatus } from '../../../src/shared/contracts/notifications.ts';
import type { StoredNotification } from './notification-repository.ts';

/** The record the client reads at a notification's path. */
export interface MirrorRecord {
  status: NotificationStatus;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  /** Milliseconds since the epoch (what Realtime Database clients order by). */
  createdAt: number;
}

export interface MirroredNotification {
  companyId: string;
  userId: string;
  _id: string;
}

/** The folder of one user's notifications: the path the client listens to. */
export function mirrorUserPath(companyId: string, userId: string): string {
  return `${companyId}/general-notification/${userId}`;
}

export function mirrorPath(n: MirroredNotification): string {
  return `${mirrorUserPath(n.companyId, n.userId)}/${n._id}`;
}

export function mirrorRecord(
  item: Pick<NotificationItem, 'status' | 'kind' | 'title' | 'body' | 'link' | 'createdAt'>,
): MirrorRecord {
  return {
    status: item.status,
    kind: item.kind,
    title: item.title,
    body: item.body,
    link: item.link,
    createdAt: Date.parse(item.createdAt),
  };
}

/** The multi-location update that marks `ids` loaded in one write. */
export function loadedUpdate(companyId: string, userId: string, ids: readonly string[]): Record<string, string> {
  return Object.fromEntries(ids.map((id) => [`${mirrorPath({ companyId, userId, _id: id })}/status`, 'loaded']));
}

export interface NotificationMirror {
  publish(item: StoredNotification & { companyId: string }): Promise<void>;
  markLoaded(companyId: string, userId: string, ids: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

const APP_NAME = 'notifications-mirror';

/** The mirror for the configured Realtime Database, or undefined when none is configured. */
export function createFirebaseMirror(
  config: Pick<ServerConfig, 'firebaseDatabaseUrl' | 'firebaseProjectId'>,
): NotificationMirror | undefined {
  const databaseURL = config.firebaseDatabaseUrl;
  if (!databaseURL) return undefined;

  let database: Promise<Db> | undefined;
  const getDb = (): Promise<Db> =>
    (database ??= (async () => {
      const { getApps, initializeApp } = await import('firebase-admin/app');
      const { getDatabase } = await import('firebase-admin/database');
      const app =
        getApps().find((a) => a.name === APP_NAME) ??
        initializeApp({ databaseURL, projectId: config.firebaseProjectId }, APP_NAME);
      return getDatabase(app);
    })());

  return {
    async publish(item) {
      await (await getDb()).ref(mirrorPath(item)).set(mirrorRecord(item));
    },
    async markLoaded(companyId, userId, ids) {
      if (ids.length === 0) return;
      await (await getDb()).ref().update(loadedUpdate(companyId, userId, ids));
    },
    async close() {
      if (!database) return;
      const { deleteApp, getApps } = await import('firebase-admin/app');
      const app = getApps().find((a) => a.name === APP_NAME);
      database = undefined;
      if (app) await deleteApp(app).catch(() => undefined);
    },
  };
}
