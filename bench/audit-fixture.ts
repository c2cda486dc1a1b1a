/**
 * Many audit entries at once, for the reports benchmark (./reports.ts) and the tests of runs larger than
 * one batch (server/modules/reports/reports.test.ts): one `INSERT … SELECT generate_series`, inside a
 * tenant transaction (row-level security checks the company). It lives here, outside server/, because no
 * service uses it: production code holds no fixture.
 */
import type { Queryable } from '../server/db/database.ts';

export const FIXTURE_AUDIT_ACTIONS = ['contact.create', 'contact.update', 'user.update', 'reportSketch.create'];

/**
 * Inserts `count` entries of `companyId` by `actorUserId`, the n-th (from 0) at `startAt + n × stepMs`,
 * action `FIXTURE_AUDIT_ACTIONS[n % 4]`, entity the action's first part, record `fixture-<n>`.
 */
export async function insertFixtureAuditEntries(
  tx: Queryable,
  options: { companyId: string; actorUserId: string | null; count: number; startAt: Date; stepMs: number },
): Promise<number> {
  const { affectedRows } = await tx.query(
    `INSERT INTO audit_log (company_id, actor_user_id, action, entity, entity_id, created_at)
     SELECT $1::uuid, $2::uuid, a.action, split_part(a.action, '.', 1), 'fixture-' || n,
            $3::timestamptz + n * $4::double precision * interval '1 millisecond'
       FROM generate_series(0, $5::int - 1) AS n
       CROSS JOIN LATERAL (SELECT ($6::text[])[1 + n % cardinality($6::text[])] AS action) a`,
    [
      options.companyId,
      options.actorUserId,
      options.startAt.toISOString(),
      options.stepMs,
      options.count,
      FIXTURE_AUDIT_ACTIONS,
    ],
  );
  return affectedRows;
}
