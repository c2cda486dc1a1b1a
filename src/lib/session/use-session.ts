import { createContext, useContext, useSyncExternalStore } from 'react';
import { getSessionState, type SessionState } from './session-state';
import { subscribeSession } from './session-store';

/** Tests (and stories) can pin a session; the app leaves it unset and reads the store. */
export const SessionOverrideContext = createContext<SessionState | null>(null);

/** The session flags and the current user (docs/product-rules.md section 4). */
export function useSession(): SessionState {
  const override = useContext(SessionOverrideContext);
  const state = useSyncExternalStore(subscribeSession, getSessionState, getSessionState);
  return override ?? state;
}
