/**
 * The outbox in IndexedDB (idb-keyval, a database of its own), shared by the pages and the service worker.
 * Entries are keyed by their id, which sorts in the order the user acted. A file an entry uploads is a Blob
 * beside it (`blob:<id>`), stored as IndexedDB stores files (not base64 text), and goes when the entry goes.
 */
import { createStore, delMany, entries, get, keys, set, type UseStore } from 'idb-keyval';
import { upgradeOutboxEntry, type OutboxEntry } from './outbox-entry';

export const OUTBOX_DB_NAME = 'freight-desk-outbox';

/** What replays learned about one record (replay.ts): its created id, last version and the versions behind it. */
export interface StoredChain {
  createdId: string | null;
  bases: number[];
  version: number | null;
}

export interface OutboxStore {
  /** Every readable entry, oldest first. */
  list(): Promise<OutboxEntry[]>;
  put(entry: OutboxEntry): Promise<void>;
  /** Removes the entry and the file it carried, if any. */
  remove(id: string): Promise<void>;
  /** Keeps the file an entry uploads (put it before the entry, so a replay never finds an entry without it). */
  putBlob(id: string, blob: Blob): Promise<void>;
  readBlob(id: string): Promise<Blob | undefined>;
  /** The chain of a record key (`resource:id`), kept beside the entries so it outlives a worker's restart. */
  readChain(key: string): Promise<StoredChain | undefined>;
  writeChain(key: string, chain: StoredChain): Promise<void>;
}

const CHAIN_PREFIX = 'chain:';
const BLOB_PREFIX = 'blob:';

let shared: UseStore | undefined;

function idbStore(): UseStore {
  shared ??= createStore(OUTBOX_DB_NAME, 'entries');
  return shared;
}

export function sortEntries(list: OutboxEntry[]): OutboxEntry[] {
  return list.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export const idbOutboxStore: OutboxStore & { forgetChains(): Promise<void> } = {
  async list() {
    // The chains and the files beside the entries are no entries (a file is read as a handle, not its bytes).
    const stored = await entries<string, unknown>(idbStore());
    return sortEntries(stored.map(([, value]) => upgradeOutboxEntry(value)).filter((e): e is OutboxEntry => !!e));
  },
  put: (entry) => set(entry.id, entry, idbStore()),
  remove: (id) => delMany([id, `${BLOB_PREFIX}${id}`], idbStore()),
  putBlob: (id, blob) => set(`${BLOB_PREFIX}${id}`, blob, idbStore()),
  readBlob: (id) => get<Blob>(`${BLOB_PREFIX}${id}`, idbStore()),
  readChain: (key) => get<StoredChain>(`${CHAIN_PREFIX}${key}`, idbStore()),
  writeChain: (key, chain) => set(`${CHAIN_PREFIX}${key}`, chain, idbStore()),
  forgetChains: async () => {
    const chainKeys = (await keys<string>(idbStore())).filter((key) => key.startsWith(CHAIN_PREFIX));
    await delMany(chainKeys, idbStore());
  },
};

/** For tests and for a browser without IndexedDB (nothing survives a reload there). */
export function memoryOutboxStore(
  initial: OutboxEntry[] = [],
): OutboxStore & { entries: Map<string, OutboxEntry>; blobs: Map<string, Blob> } {
  const map = new Map(initial.map((entry) => [entry.id, structuredClone(entry)]));
  const chains = new Map<string, StoredChain>();
  const blobs = new Map<string, Blob>();
  return {
    entries: map,
    blobs,
    putBlob: (id, blob) => {
      blobs.set(id, blob);
      return Promise.resolve();
    },
    readBlob: (id) => Promise.resolve(blobs.get(id)),
    readChain: (key) => Promise.resolve(chains.has(key) ? structuredClone(chains.get(key)) : undefined),
    writeChain: (key, chain) => {
      chains.set(key, structuredClone(chain));
      return Promise.resolve();
    },
    list: () => Promise.resolve(sortEntries([...map.values()].map((entry) => structuredClone(entry)))),
    put: (entry) => {
      map.set(entry.id, structuredClone(entry));
      return Promise.resolve();
    },
    remove: (id) => {
      map.delete(id);
      blobs.delete(id);
      return Promise.resolve();
    },
  };
}
