/**
 * The "session expired" notice (docs/product-rules.md section 8): told at most once per page session, whichever path
 * found out (the worker's message, another tab, the page's own refresh). The shell shows the toast.
 */
import { SESSION_EXPIRED_MESSAGE } from '../../shared/session-rules';

type Listener = (message: string) => void;

const listeners = new Set<Listener>();
let announced = false;
/** Announced before anyone listened (the toast host is lazy): delivered to the first listener. */
let pending = false;

export function onSessionExpired(listener: Listener): () => void {
  listeners.add(listener);
  if (pending) {
    pending = false;
    listener(SESSION_EXPIRED_MESSAGE);
  }
  return () => {
    listeners.delete(listener);
  };
}

/** True the first time per page session; later calls do nothing. */
export function announceSessionExpired(): boolean {
  if (announced) return false;
  announced = true;
  if (listeners.size === 0) pending = true;
  for (const listener of [...listeners]) listener(SESSION_EXPIRED_MESSAGE);
  return true;
}

/** Tests only. */
export function resetSessionExpiredNoticeForTests(): void {
  announced = false;
  pending = false;
  listeners.clear();
}
