/**
 * SQL for the late and at-risk notices (migration 033): which followers of which shipments have not yet
 * been told of a state the shipment is in, claimed in the same statement so that each is told once. In a
 * tenant transaction it sees the company's shipments; in the system transaction of the timer, every
 * company's (freight_system bypasses row-level security, and each claim keeps its shipment's company).
 */
import type { Queryable } from '../../db/database.ts';
import { AT_RISK, LATE } from './shipment-attention-repository.ts';

export type AttentionState = 'late' | 'at-risk';

export interface AttentionClaim {
  companyId: string;
  shipmentId: string;
  number: string;
  state: AttentionState;
  /** The followers claimed for this shipment and state, in id order. */
  userIds: string[];
}

/**
 * Claims, for each shipment that is late or at risk at `now` (all of them, or `shipmentId` alone), every
 * enabled follower not yet told of that state, and answers the claims grouped by shipment and state. The
 * claims commit with the caller's notifications, or not at all.
 */
export async function claimAttentionNotices(
  tx: Queryable,
  now: Date,
  shipmentId: string | null = null,
): Promise<AttentionClaim[]> {
  const { rows } = await tx.query<{
    company_id: string;
    shipment_id: string;
    number: string;
    state: AttentionState;
    user_ids: string[];
  }>(
    `WITH flagged AS (
       SELECT s.company_id, s.id, s.number, ${LATE} AS late, ${AT_RISK} AS at_risk
         FROM shipments s
        WHERE ($2::uuid IS NULL OR s.id = $2) AND (${LATE} OR ${AT_RISK})
     ), states AS (
       SELECT company_id, id, number, 'late' AS state FROM flagged WHERE late
       UNION ALL
       SELECT company_id, id, number, 'at-risk' AS state FROM flagged WHERE at_risk
     ), claimed AS (
       INSERT INTO shipment_attention_notices (company_id, shipment_id, user_id, state, notified_at)
       SELECT st.company_id, st.id, f.user_id, st.state, $1
         FROM states st
         JOIN shipment_followers f ON f.company_id = st.company_id AND f.shipment_id = st.id
         JOIN users u ON u.id = f.user_id AND NOT u.disabled
       ON CONFLICT DO NOTHING
       RETURNING company_id, shipment_id, user_id, state
     )
     SELECT c.company_id, c.shipment_id, st.number, c.state, array_agg(c.user_id::text ORDER BY c.user_id) AS user_ids
       FROM claimed c JOIN states st ON st.company_id = c.company_id AND st.id = c.shipment_id AND st.state = c.state
      GROUP BY c.company_id, c.shipment_id, st.number, c.state
      ORDER BY c.company_id, st.number, c.state`,
    [now, shipmentId],
  );
  return rows.map((r) => ({
    companyId: r.company_id,
    shipmentId: r.shipment_id,
    number: r.number,
    state: r.state,
    userIds: r.user_ids,
  }));
}
