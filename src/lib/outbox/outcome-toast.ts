/** The toast for a write the server refused or that conflicts (never dropped silently), in its own chunk. */
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
