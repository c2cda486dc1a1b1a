import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Search waits this long after the last keystroke before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * `value`, once it has stopped changing for `delayMs`. "Changing" is judged by its JSON, not by identity:
 * callers pass object literals (`{ subject, body }`), a new object every render, and an identity check
 * would restart the timer on every render and re-render every `delayMs` forever. So `value` must be
 * serialisable (strings, numbers, plain objects and arrays of them).
 */
export function useDebouncedValue<T>(value: T, delayMs: number = SEARCH_DEBOUNCE_MS): T {
  const key = JSON.stringify(value) ?? '';
  const [settled, setSettled] = useState<{ key: string; value: T }>({ key, value });
  // The newest value with this key, read when the timer fires.
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  });
  useEffect(() => {
    const timer = setTimeout(
      // The same key keeps the same state object: React then skips the render.
      () => setSettled((previous) => (previous.key === key ? previous : { key, value: latest.current })),
      delayMs,
    );
    return () => clearTimeout(timer);
  }, [key, delayMs]);
  return settled.value;
}
