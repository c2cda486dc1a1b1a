/**
 * Messages between the service worker and its pages, and between tabs on the session channel.
 */
export type SessionMessage =
  /** A refresh failed: every page shows the expiry notice (once) and logs out. */
  | { type: 'session-expired' }
  /** The server said the refresh token is invalid or the session was revoked: clear and log out. */
  | { type: 'session-cleared' }
  /** A tab logged out: every other tab follows. */
  | { type: 'logged-out' }
  /** Tokens were renewed (the cookies already hold them). */
  | { type: 'tokens-refreshed' };

export const SESSION_MESSAGE_SOURCE = 'freight-desk-session';

export interface SessionEnvelope {
  source: typeof SESSION_MESSAGE_SOURCE;
  message: SessionMessage;
}

export function wrapSessionMessage(message: SessionMessage): SessionEnvelope {
  return { source: SESSION_MESSAGE_SOURCE, message };
}

export function unwrapSessionMessage(data: unknown): SessionMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const envelope = data as Partial<SessionEnvelope>;
  if (envelope.source !== SESSION_MESSAGE_SOURCE || typeof envelope.message !== 'object' || !envelope.message) {
    return null;
  }
  const type = (envelope.message as { type?: unknown }).type;
  return type === 'session-expired' ||
    type === 'session-cleared' ||
    type === 'logged-out' ||
    type === 'tokens-refreshed'
    ? envelope.message
    : null;
}
