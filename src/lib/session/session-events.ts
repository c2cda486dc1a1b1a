/**
 * Session messages inside the page and between tabs. The lifecycle registers the handler; messages
 * that arrive before it did are kept and handed over.
 */
import { SESSION_CHANNEL } from '../../shared/session-rules';
import { wrapSessionMessage, type SessionMessage } from '../../shared/sw-messages';

type Handler = (message: SessionMessage) => void;

let handler: Handler | null = null;
const queued: SessionMessage[] = [];
let channel: BroadcastChannel | null = null;

export function sessionChannel(): BroadcastChannel | null {
  if (!channel && typeof BroadcastChannel !== 'undefined') channel = new BroadcastChannel(SESSION_CHANNEL);
  return channel;
}

export function setSessionMessageHandler(next: Handler): void {
  handler = next;
  for (const message of queued.splice(0)) next(message);
}

/** Handles `message` in this page and, with `broadcast`, tells every other tab. */
export function emitSessionMessage(message: SessionMessage, { broadcast = true, local = true } = {}): void {
  if (local) {
    if (handler) handler(message);
    else queued.push(message);
  }
  if (broadcast) sessionChannel()?.postMessage(wrapSessionMessage(message));
}
