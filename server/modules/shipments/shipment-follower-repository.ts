/**
 * SQL for the followers of a shipment (migration 030), inside a tenant transaction.
 */
import type { Queryable } from '../../db/database.ts';

export async function follow(tx: Queryable, companyId: string, shipmentId: string, userId: string): Promise<void> {
  await tx.query(
    `INSERT INTO shipment_followers (company_id, shipment_id, user_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
    [companyId, shipmentId, userId],
  );
}

export async function unfollow(tx: Queryable, shipmentId: string, userId: string): Promise<void> {
  await tx.query('DELETE FROM shipment_followers WHERE shipment_id = $1 AND user_id = $2', [shipmentId, userId]);
}

/** Whether `userId` follows the shipment, and how many users do. */
export async function followState(
  tx: Queryable,
  shipmentId: string,
  userId: string,
): Promise<{ following: boolean; followers: number }> {
  const { rows } = await tx.query<{ following: boolean; followers: number }>(
    `SELECT coalesce(bool_or(user_id = $2), false) AS following, count(*)::int AS followers
       FROM shipment_followers WHERE shipment_id = $1`,
    [shipmentId, userId],
  );
  return rows[0] ?? { following: false, followers: 0 };
}

/** The followers of a shipment whose accounts are enabled, but `exceptUserId` (who caused the news). */
export async function followersToTell(tx: Queryable, shipmentId: string, exceptUserId: string): Promise<string[]> {
  const { rows } = await tx.query<{ user_id: string }>(
    `SELECT f.user_id FROM shipment_followers f JOIN users u ON u.id = f.user_id
      WHERE f.shipment_id = $1 AND f.user_id <> $2 AND NOT u.disabled ORDER BY f.user_id`,
    [shipmentId, exceptUserId],
  );
  return rows.map((r) => r.user_id);
}
