import type { ReactNode } from 'react';
import { LOGGED_OUT_STATE, type SessionState } from './session/session-state';
import { SessionOverrideContext } from './session/use-session';

export { useSession } from './session/use-session';
export type { SessionState as Session } from './session/session-state';

export interface SessionProviderProps {
  /** Pins the session (tests); without it the real session store is read. */
  session?: Partial<SessionState>;
  children: ReactNode;
}

/** Kept for tests and stories: the app reads the session store through `useSession` directly. */
export function SessionProvider({ session, children }: SessionProviderProps) {
  const value = session ? { ...LOGGED_OUT_STATE, ...session } : null;
  return <SessionOverrideContext.Provider value={value}>{children}</SessionOverrideContext.Provider>;
}
