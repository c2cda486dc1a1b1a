/** Runs the outbox's replay once at a time, here and across the worker and every tab (Web Lock). */
import { OUTBOX_REPLAY_LOCK } from './outbox-channel';
import { replayOutbox, type ReplayDeps, type ReplayResult } from './replay';

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/**
 * One replay at a time in this context (a request while one runs makes it run once more after), and one
 * across contexts (the Web Lock; without Web Locks, this context's own guard only).
 */
export function createReplayRunner(deps: ReplayDeps, locks: LockManagerLike | undefined) {
  let running: Promise<ReplayResult> | null = null;
  let again = false;
  const once = () => (locks ? locks.request(OUTBOX_REPLAY_LOCK, () => replayOutbox(deps)) : replayOutbox(deps));
  const run = (): Promise<ReplayResult> => {
    if (running) {
      again = true;
      return running;
    }
    const current = (async () => {
      let result = await once();
      while (again) {
        again = false;
        result = await once();
      }
      return result;
    })();
    running = current;
    const clear = () => {
      if (running === current) running = null;
    };
    current.then(clear, clear);
    return current;
  };
  return { run, isRunning: () => running !== null };
}
