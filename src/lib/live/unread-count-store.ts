/**
 * The bell's unread count, fed by the live feed (and by mark-loaded answers): a tiny external store so
 * that the nav bar, the notifications dialog and the dashboard's unread card read one value.
 */
let unread = 0;
const listeners = new Set<() => void>();

export function getUnreadCount(): number {
  return unread;
}

export function setUnreadCount(next: number): void {
  const value = Number.isFinite(next) && next > 0 ? Math.floor(next) : 0;
  if (value === unread) return;
  unread = value;
  for (const listener of listeners) listener();
}

export function subscribeUnreadCount(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
