/** docs/product-rules.md section 9: message toasts stay 3000 ms, 16 px from the edge. */
export const TOAST_DURATION_MS = 3000;
export const TOAST_OFFSET_PX = 16;

export type ToastStatus = 'info' | 'success' | 'error';

export interface Toast {
  /** Showing a toast whose id is already on screen does nothing (no stacked duplicates). */
  id: string;
  status: ToastStatus;
  title: string;
}

type Listener = (toasts: readonly Toast[]) => void;

let toasts: readonly Toast[] = [];
const listeners = new Set<Listener>();
let nextId = 0;

function publish(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener(toasts);
}

/**
 * Shows a toast for TOAST_DURATION_MS. A module-level store rather than a context, so that code outside
 * React (session expiry, a failed integration) can raise one too; <Toaster> renders it.
 */
export function showToast(toast: Omit<Toast, 'id'> & { id?: string }): string {
  const id = toast.id ?? `toast-${++nextId}`;
  if (toasts.some((t) => t.id === id)) return id;
  publish([...toasts, { ...toast, id }]);
  setTimeout(() => dismissToast(id), TOAST_DURATION_MS);
  return id;
}

export function dismissToast(id: string): void {
  if (toasts.some((t) => t.id === id)) publish(toasts.filter((t) => t.id !== id));
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToasts(): readonly Toast[] {
  return toasts;
}
