/**
 * The toasts of a replay, in their own chunk: a write the server refused or that conflicts (never dropped
 * silently), and how many were sent.
 */
import type { OutboxNotice } from '../../shared/outbox/replay';
import { showToast } from '../ui/toast-store';
import { outboxT } from './strings';

export function showOutcome(notice: OutboxNotice): void {
  const label = notice.label || notice.resource || '';
  showToast({
    id: `outbox-${notice.kind}-${notice.entryId ?? ''}`,
    status: 'error',
    title:
      notice.kind === 'conflict'
        ? outboxT('conflictToast', { label })
        : outboxT('failedToast', { label, message: notice.message ?? '' }),
  });
}

/** After a replay, what was sent: "1 change sent", once for the whole batch. */
export function showSent(count: number): void {
  showToast({ id: 'outbox-sent', status: 'success', title: outboxT('sent', { count }) });
}
