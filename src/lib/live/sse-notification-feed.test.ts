import { describe, expect, it, vi } from 'vitest';
import { notificationItemSchema } from '../../shared/contracts/notifications';
import type { NotificationItem } from './notification-item';
import { createSseNotificationFeed, type EventSourceLike } from './sse-notification-feed';

class FakeEventSource implements EventSourceLike {
  listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown, lastEventId = '') {
    for (const l of this.listeners.get(type) ?? [])
      l({ data: JSON.stringify(data), lastEventId } as MessageEvent<string>);
  }
  fail() {
    this.onerror?.(new Event('error'));
  }
}

const item = (id: string): NotificationItem =>
  notificationItemSchema.parse({
    _id: id,
    status: 'new',
    kind: 'general',
    title: `T ${id}`,
    body: '',
    link: null,
    createdAt: '2026-05-01T09:30:00.000Z',
    loadedAt: null,
  });

function harness(options: { ticketFails?: number; random?: number } = {}) {
  const sources: FakeEventSource[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  let online = true;
  let onlineListener: ((online: boolean) => void) | undefined;
  let ticketNo = 0;
  let failures = options.ticketFails ?? 0;
  const fetchTicket = vi.fn(async () => {
    if (failures > 0) {
      failures -= 1;
      throw new Error('network');
    }
    ticketNo += 1;
    return `ticket-${ticketNo}`;
  });
  const feed = createSseNotificationFeed({
    fetchTicket,
    streamUrl: (ticket, last) => `/stream?ticket=${ticket}${last ? `&lastEventId=${last}` : ''}`,
    createEventSource: (url) => {
      const es = new FakeEventSource(url);
      sources.push(es);
      return es;
    },
    isOnline: () => online,
    watchOnline: (listener) => {
      onlineListener = listener;
      return () => (onlineListener = undefined);
    },
    setTimer: (fn, ms) => {
      const timer = { fn, ms };
      timers.push(timer);
      return timer;
    },
    clearTimer: (handle) => {
      const index = timers.indexOf(handle as (typeof timers)[number]);
      if (index >= 0) timers.splice(index, 1);
    },
    random: () => options.random ?? 0,
  });
  return {
    feed,
    sources,
    timers,
    fetchTicket,
    last: () => sources[sources.length - 1]!,
    runTimer: async () => {
      const timer = timers.shift();
      timer?.fn();
      await flush();
      return timer;
    },
    setOnline: async (value: boolean) => {
      online = value;
      onlineListener?.(value);
      await flush();
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the SSE notification feed', () => {
  it('opens the stream with a fresh ticket and hands on snapshot, notification and count events', async () => {
    const h = harness();
    const onSnapshot = vi.fn();
    const onNotification = vi.fn();
    const onCount = vi.fn();
    h.feed.subscribe({ onSnapshot, onNotification, onCount });
    await flush();
    expect(h.last().url).toBe('/stream?ticket=ticket-1');
    h.last().emit('snapshot', { unread: 2, items: [item('a')] }, 'c1');
    h.last().emit('notification', item('b'), 'c2');
    h.last().emit('count', { unread: 3 });
    expect(onSnapshot).toHaveBeenCalledWith({ unread: 2, items: [item('a')] });
    expect(onNotification).toHaveBeenCalledWith(item('b'));
    expect(onCount).toHaveBeenCalledWith({ unread: 3 });
  });

  it('drops a frame that does not match the notifications contract', async () => {
    const h = harness();
    const onNotification = vi.fn();
    const onCount = vi.fn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    h.feed.subscribe({ onNotification, onCount });
    await flush();
    h.last().emit('notification', { ...item('a'), status: 'archived' }, 'c1');
    h.last().emit('count', { unread: '3' });
    expect(onNotification).not.toHaveBeenCalled();
    expect(onCount).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it('after an error closes the source and reconnects with a NEW ticket and the last event id', async () => {
    const h = harness();
    const onNotification = vi.fn();
    h.feed.subscribe({ onNotification });
    await flush();
    const first = h.last();
    first.emit('snapshot', { unread: 0, items: [] }, 'c1');
    first.emit('notification', item('x'), 'c2');
    first.fail();
    expect(first.closed).toBe(true);
    expect(h.timers).toHaveLength(1);
    expect(h.timers[0]!.ms).toBe(1000);
    await h.runTimer();
    expect(h.fetchTicket).toHaveBeenCalledTimes(2);
    expect(h.last().url).toBe('/stream?ticket=ticket-2&lastEventId=c2');
    // Catch-up: what was stored after c2 follows the new snapshot.
    h.last().emit('snapshot', { unread: 1, items: [] });
    h.last().emit('notification', item('missed'), 'c3');
    expect(onNotification).toHaveBeenLastCalledWith(item('missed'));
    // A later failure resumes from c3.
    h.last().fail();
    await h.runTimer();
    expect(h.last().url).toBe('/stream?ticket=ticket-3&lastEventId=c3');
  });

  it('backs off (doubling) while the ticket or the stream keeps failing, and starts afresh after a snapshot', async () => {
    const h = harness({ ticketFails: 2 });
    h.feed.subscribe({});
    await flush();
    expect(h.sources).toHaveLength(0);
    expect((await h.runTimer())!.ms).toBe(1000);
    expect(h.timers[0]!.ms).toBe(2000);
    await h.runTimer();
    expect(h.sources).toHaveLength(1);
    h.last().fail();
    expect(h.timers[0]!.ms).toBe(4000);
    await h.runTimer();
    h.last().emit('snapshot', { unread: 0, items: [] });
    h.last().fail();
    expect(h.timers[0]!.ms).toBe(1000);
  });

  it('waits up to 20 % longer at random, so that tabs dropped together do not reconnect together', async () => {
    const h = harness({ ticketFails: 1, random: 0.5 });
    h.feed.subscribe({});
    await flush();
    expect(h.timers[0]!.ms).toBe(1100);
  });

  it('ignores events of a source it has replaced', async () => {
    const h = harness();
    const onCount = vi.fn();
    h.feed.subscribe({ onCount });
    await flush();
    const old = h.last();
    old.fail();
    await h.runTimer();
    old.emit('count', { unread: 9 });
    expect(onCount).not.toHaveBeenCalled();
  });

  it('pauses while offline and reconnects at once when back online', async () => {
    const h = harness();
    h.feed.subscribe({});
    await flush();
    const first = h.last();
    await h.setOnline(false);
    expect(first.closed).toBe(true);
    first.fail();
    expect(h.timers).toHaveLength(0);
    await h.setOnline(true);
    expect(h.sources).toHaveLength(2);
    expect(h.timers).toHaveLength(0);
  });

  it('stops everything on unsubscribe', async () => {
    const h = harness();
    const unsubscribe = h.feed.subscribe({});
    await flush();
    h.last().fail();
    unsubscribe();
    expect(h.timers).toHaveLength(0);
    expect(h.last().closed).toBe(true);
    await h.setOnline(true);
    expect(h.sources).toHaveLength(1);
  });
});
