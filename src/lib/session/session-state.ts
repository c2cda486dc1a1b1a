/**
 * The session flags and the current user (docs/product-rules.md section 4) as a plain external store: a leaf module
 * that imports no other part of the session, so the life cycle can write it and React can read it
 * without the two depending on each other.
 */
import type { Company, CurrentUser, Product } from '../../shared/contracts/session';
import { readAuthCookies } from '../cookies';

export interface SessionState {
  isLoggedIn: boolean;
  /** True while the user is being fetched. */
  authStatusLoading: boolean;
  isSuperAdmin: boolean;
  user: CurrentUser | null;
  company: Company | null;
  products: Product[];
  /** The subscription plan expired before today. */
  isExpired: boolean;
}

export const LOGGED_OUT_STATE: SessionState = {
  isLoggedIn: false,
  authStatusLoading: false,
  isSuperAdmin: false,
  user: null,
  company: null,
  products: [],
  isExpired: false,
};

// With both cookies at boot the session is about to be set up: loading, so guards wait instead of
// sending a signed-in user to /login.
let state: SessionState =
  typeof document !== 'undefined' && readAuthCookies()
    ? { ...LOGGED_OUT_STATE, authStatusLoading: true }
    : LOGGED_OUT_STATE;
const listeners = new Set<() => void>();

export function getSessionState(): SessionState {
  return state;
}

export function setSessionState(next: SessionState | ((current: SessionState) => SessionState)): void {
  state = typeof next === 'function' ? next(state) : next;
  for (const listener of [...listeners]) listener();
}

export function subscribeSessionState(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
