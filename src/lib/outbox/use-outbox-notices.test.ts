// @vitest-environment jsdom
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxNotice } from '../../shared/outbox/replay';
import { useOutboxNotices, type OutboxRefresh } from './use-outbox-notices';

// The outbox's notices, told by the test as the outbox client would tell them (from any tab or the worker).
const listeners = vi.hoisted(() => new Set<(notice: OutboxNotice) => void>());
vi.mock('./outbox-client', () => ({
  onOutboxNotice(listener: (notice: OutboxNotice) => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
}));

function tell(notice: OutboxNotice): void {
  for (const listener of listeners) listener(notice);
}

/** Mounts the hook and waits for its first read (the outbox's code loaded, the notices listened to). */
async function mount(resource: string, refresh: OutboxRefresh | null) {
  const view = renderHook(({ resource, refresh }) => useOutboxNotices(resource, refresh), {
    initialProps: { resource, refresh },
  });
  if (refresh) await waitFor(() => expect(refresh).toHaveBeenCalled());
  return view;
}

describe('useOutboxNotices', () => {
  afterEach(() => {
    cleanup();
    listeners.clear();
  });

  it('reads once the outbox is loaded, then again on each notice about its resource or about none', async () => {
    const refresh = vi.fn<OutboxRefresh>();
    await mount('shipment-documents', refresh);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(refresh.mock.calls[0]?.[1]).toBeNull();
    expect(refresh.mock.calls[0]?.[0].onOutboxNotice).toBeTypeOf('function');

    const landed: OutboxNotice = { kind: 'landed', entryId: 'e1', resource: 'shipment-documents' };
    tell(landed);
    tell({ kind: 'changed', entryId: 'e2', resource: 'users' });
    tell({ kind: 'changed' });
    expect(refresh.mock.calls.map((call) => call[1])).toEqual([null, landed, { kind: 'changed' }]);
    expect(refresh.mock.calls.every((call) => !call[2].aborted)).toBe(true);
  });

  it('stops on unmount, and tells a read still running that its view is gone', async () => {
    const refresh = vi.fn<OutboxRefresh>();
    const view = await mount('users', refresh);
    const signal = refresh.mock.calls[0]?.[2];
    view.unmount();
    expect(signal?.aborted).toBe(true);
    tell({ kind: 'landed', resource: 'users' });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(listeners.size).toBe(0);
  });

  it('moves to a new reader (another record) and leaves the old one', async () => {
    const first = vi.fn<OutboxRefresh>();
    const view = await mount('users', first);
    const second = vi.fn<OutboxRefresh>();
    view.rerender({ resource: 'users', refresh: second });
    await waitFor(() => expect(second).toHaveBeenCalledTimes(1));
    expect(first.mock.calls[0]?.[2].aborted).toBe(true);

    tell({ kind: 'failed', resource: 'users' });
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
    expect(listeners.size).toBe(1);
  });

  it('listens to nothing while it has no reader (no record yet)', async () => {
    const view = await mount('users', null);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(listeners.size).toBe(0);
    const refresh = vi.fn<OutboxRefresh>();
    view.rerender({ resource: 'users', refresh });
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    expect(listeners.size).toBe(1);
  });
});
