// The Realtime Database emulator (a Java program) cannot run in this environment: the adapter is tested
// with the firebase/database functions injected, checking the query it builds and the mapping.
import { describe, expect, it, vi } from 'vitest';
import {
  createRtdbNotificationFeed,
  rtdbRecordToItem,
  type RtdbFunctions,
  type RtdbSnapshotLike,
} from './rtdb-notification-feed';

function fakeDatabase() {
  const calls: unknown[][] = [];
  let listener: ((snapshot: RtdbSnapshotLike) => void) | undefined;
  let cancel: ((error: Error) => void) | undefined;
  const off = vi.fn();
  const fns: RtdbFunctions = {
    ref: (db, path) => (calls.push(['ref', db, path]), { ref: path }),
    query: (ref, ...constraints) => (calls.push(['query', ref, ...constraints]), { query: ref }),
    orderByChild: (path) => ['orderByChild', path],
    startAt: (value) => ['startAt', value],
    limitToFirst: (limit) => ['limitToFirst', limit],
    onValue: (q, callback, onCancel) => {
      calls.push(['onValue', q]);
      listener = callback;
      cancel = onCancel;
      return off;
    },
  };
  const emit = (records: Record<string, unknown>) =>
    listener?.({
      forEach(action) {
        for (const [key, value] of Object.entries(records)) if (action({ key, val: () => value }) === true) return true;
        return false;
      },
    });
  return { fns, calls, emit, off, cancel: (e: Error) => cancel?.(e) };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the Realtime Database notification feed', () => {
  it('queries companyId/general-notification/userId ordered by status, starting at new, limited to 10', async () => {
    const fake = fakeDatabase();
    const db = { name: 'db' };
    createRtdbNotificationFeed({ companyId: 'c1', userId: 'u1', load: async () => ({ db, fns: fake.fns }) }).subscribe(
      {},
    );
    await flush();
    expect(fake.calls).toEqual([
      ['ref', db, 'c1/general-notification/u1'],
      [
        'query',
        { ref: 'c1/general-notification/u1' },
        ['orderByChild', 'status'],
        ['startAt', 'new'],
        ['limitToFirst', 10],
      ],
      ['onValue', { query: { ref: 'c1/general-notification/u1' } }],
    ]);
  });

  it('maps each value to a snapshot of items newest first, and reports later arrivals and the count', async () => {
    const fake = fakeDatabase();
    const onSnapshot = vi.fn();
    const onNotification = vi.fn();
    const onCount = vi.fn();
    const unsubscribe = createRtdbNotificationFeed({
      companyId: 'c1',
      userId: 'u1',
      load: async () => ({ db: {}, fns: fake.fns }),
    }).subscribe({ onSnapshot, onNotification, onCount });
    await flush();
    const older = {
      status: 'new',
      kind: 'general',
      title: 'Older',
      body: 'b',
      link: null,
      createdAt: Date.UTC(2026, 0, 1),
    };
    fake.emit({ n1: older });
    expect(onSnapshot).toHaveBeenLastCalledWith({
      unread: 1,
      items: [
        {
          _id: 'n1',
          status: 'new',
          kind: 'general',
          title: 'Older',
          body: 'b',
          link: null,
          createdAt: '2026-01-01T00:00:00.000Z',
          loadedAt: null,
        },
      ],
    });
    expect(onNotification).not.toHaveBeenCalled();
    const newer = {
      status: 'new',
      kind: 'mail',
      title: 'Newer',
      body: '',
      link: '/settings',
      createdAt: Date.UTC(2026, 0, 2),
    };
    fake.emit({ n1: older, n2: newer, junk: 'x' });
    const snapshot = onSnapshot.mock.lastCall![0] as { unread: number; items: { _id: string }[] };
    expect(snapshot.unread).toBe(2);
    expect(snapshot.items.map((i) => i._id)).toEqual(['n2', 'n1']);
    expect(onNotification).toHaveBeenCalledTimes(1);
    expect(onNotification.mock.lastCall![0]).toMatchObject({ _id: 'n2', link: '/settings', kind: 'mail' });
    expect(onCount).toHaveBeenLastCalledWith({ unread: 2 });
    unsubscribe();
    expect(fake.off).toHaveBeenCalled();
  });

  it('reports a failed load or a cancelled listener so the caller can fall back', async () => {
    const onUnavailable = vi.fn();
    createRtdbNotificationFeed({
      companyId: 'c',
      userId: 'u',
      load: () => Promise.reject(new Error('no session')),
      onUnavailable,
    }).subscribe({});
    await flush();
    expect(onUnavailable).toHaveBeenCalledTimes(1);
    const fake = fakeDatabase();
    createRtdbNotificationFeed({
      companyId: 'c',
      userId: 'u',
      load: async () => ({ db: {}, fns: fake.fns }),
      onUnavailable,
    }).subscribe({});
    await flush();
    fake.cancel(new Error('permission_denied'));
    expect(onUnavailable).toHaveBeenCalledTimes(2);
  });

  it('skips records that are not notifications', () => {
    expect(rtdbRecordToItem(null, { status: 'new' })).toBeUndefined();
    expect(rtdbRecordToItem('k', { status: 'other' })).toBeUndefined();
    expect(rtdbRecordToItem('k', 7)).toBeUndefined();
  });
});
