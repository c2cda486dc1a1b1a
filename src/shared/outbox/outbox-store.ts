/**
 * The outbox in IndexedDB (idb-keyval, a database of its own), shared by the pages and the service worker.
 * Entries are keyed by their id, which sorts in the order the user acted.
 */
import { createStore, del, entries, set, type UseStore } from 'idb-keyval';
import { upgradeOutboxEntry, type OutboxEntry } from './outbox-entry';

export const OUTBOX_DB_NAME = 'freight-desk-outbox';

export interface OutboxStore {
  /** Every readable entry, oldest first. */
  list(): Promise<OutboxEntry[]>;
  put(entry: OutboxEntry): Promise<void>;
  remove(id: string): Promise<void>;
}

let shared: UseStore | undefined;

function idbStore(): UseStore {
  shared ??= createStore(OUTBOX_DB_NAME, 'entries');
  return shared;
}

export function sortEntries(list: OutboxEntry[]): OutboxEntry[] {
  return list.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export const idbOutboxStore: OutboxStore = {
  async list() {
    const stored = await entries<string, unknown>(idbStore());
    return sortEntries(stored.map(([, value]) => upgradeOutboxEntry(value)).filter((e): e is OutboxEntry => !!e));
  },
  put: (entry) => set(entry.id, entry, idbStore()),
  remove: (id) => del(id, idbStore()),
};

/** For tests and for a browser without IndexedDB (nothing survives a reload there). */
export function memoryOutboxStore(initial: OutboxEntry[] = []): OutboxStore & { entries: Map<string, OutboxEntry> } {
  const map = new Map(initial.map((entry) => [entry.id, structuredClone(entry)]));
  return {
    entries: map,
    list: () => Promise.resolve(sortEntries([...map.values()].map((entry) => structuredClone(entry)))),
    put: (entry) => {
      map.set(entry.id, structuredClone(entry));
      return Promise.resolve();
    },
    remove: (id) => {
      map.delete(id);
      return Promise.resolve();
    },
  };
}
