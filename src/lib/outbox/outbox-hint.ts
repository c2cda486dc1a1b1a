/**
 * How many of the signed-in user's writes are in the outbox (waiting, failed or in conflict), as last
 * counted, kept in local storage: the first load reads it without any IndexedDB code, to decide whether
 * the nav bar's outbox indicator (a chunk of its own, outbox-watch.ts) is needed, whether signing out must
 * warn, and whether a stale chunk may reload the page. Local storage is cleared at logout, like the outbox.
 */
const KEY = 'freight-desk:outbox-count';
const EVENT = 'freight-desk:outbox-count';

export interface OutboxCountHint {
  waiting: number;
  attention: number;
}

const NONE: OutboxCountHint = { waiting: 0, attention: 0 };
let last = '';
let lastValue = NONE;

export function outboxHint(): OutboxCountHint {
  let raw = '';
  try {
    raw = window.localStorage.getItem(KEY) ?? '';
  } catch {
    return NONE;
  }
  if (raw === last) return lastValue;
  const [waiting = 0, attention = 0] = raw.split(',').map(Number);
  last = raw;
  lastValue = { waiting: waiting || 0, attention: attention || 0 };
  return lastValue;
}

export function outboxWaitingHint(): number {
  return typeof window === 'undefined' ? 0 : outboxHint().waiting;
}

export function setOutboxHint(hint: OutboxCountHint): void {
  try {
    window.localStorage.setItem(KEY, `${hint.waiting},${hint.attention}`);
  } catch {
    // Without storage the indicator loads on the next write instead.
  }
  window.dispatchEvent(new Event(EVENT));
}

/** Changes in this tab and in the others (`storage`). */
export function subscribeOutboxHint(listener: () => void): () => void {
  window.addEventListener(EVENT, listener);
  window.addEventListener('storage', listener);
  return () => {
    window.removeEventListener(EVENT, listener);
    window.removeEventListener('storage', listener);
  };
}
