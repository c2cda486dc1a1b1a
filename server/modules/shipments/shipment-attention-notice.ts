/**
 * The followers of a shipment hear, through the bell, when it becomes late or at risk (issue 25 item 3:
 * late when its estimated or planned arrival has passed without an actual arrival; at risk when the latest
 * estimate lies more than 24 hours after the plan). Each follower is told once per shipment and state: the
 * claim (`shipment_attention_notices`, migration 033) commits with the notification, so the timer on every
 * instance and the check after each milestone never tell anyone twice.
 *
 * Time alone makes a shipment late, so a timer sweeps every company; a milestone can make it late or at
 * risk at once, so the milestone's own transaction checks its shipment too.
 */
import type { Queryable } from '../../db/database.ts';
import type { ServiceDeps } from '../../http/build-service-app.ts';
import { createNotifications } from '../notifications/notification-service.ts';
import { claimAttentionNotices, type AttentionClaim } from './shipment-attention-notice-repository.ts';

/** How often the timer looks for shipments that have become late (the claims keep it to one notice each). */
export const ATTENTION_SWEEP_MS = 5 * 60 * 1000;

const WORDS: Record<AttentionClaim['state'], { title: string; body: string }> = {
  late: { title: 'late', body: 'Its arrival time has passed without an actual arrival.' },
  'at-risk': { title: 'at risk', body: 'The latest estimate of arrival is more than 24 hours after the plan.' },
};

/**
 * Tells the followers not yet told of each state the shipments are in at `now` (every shipment the
 * transaction sees, or `shipmentId` alone); answers what was claimed.
 */
export async function notifyAttention(
  tx: Queryable,
  now: Date,
  shipmentId: string | null = null,
): Promise<AttentionClaim[]> {
  const claims = await claimAttentionNotices(tx, now, shipmentId);
  for (const claim of claims) {
    const words = WORDS[claim.state];
    await createNotifications(tx, {
      companyId: claim.companyId,
      userIds: claim.userIds,
      kind: 'shipment-attention',
      title: `${claim.number} is ${words.title}`,
      body: words.body,
      link: `/shipments/${claim.shipmentId}`,
    });
  }
  return claims;
}

/** The timer's sweep over every company, in one system transaction. */
export function sweepAttentionNotices(deps: Pick<ServiceDeps, 'db'>, now: Date): Promise<AttentionClaim[]> {
  return deps.db.transaction({ role: 'freight_system', companyId: null }, (tx) => notifyAttention(tx, now));
}
