/**
 * The current user as docs/product-rules.md section 3 describes it: the user with the company and products embedded.
 * The shape is the one the web app reads (src/shared/contracts/session.ts), defined once for both.
 */
import type { CurrentUser } from '../../../../src/shared/contracts/session.ts';
import type { Database } from '../../../db/database.ts';

/** What `GET /fetch-user` needs: whether the session is still live, and the user. */
export interface CurrentUserRead {
  /** False when the session is unknown, revoked, or its user disabled. */
  sessionLive: boolean;
  user: CurrentUser | undefined;
}

/**
 * The session check and the current user in one statement (`app_current_user` of migration 009, scoped
 * to the token's company): fetch-user's single round trip.
 */
export async function readCurrentUser(
  db: Database,
  claims: { sessionId: string; userId: string; companyId: string },
): Promise<CurrentUserRead> {
  const rows = await db.scopedRead<Record<string, unknown>>('app_current_user', [
    claims.sessionId,
    claims.userId,
    claims.companyId,
  ]);
  const r = rows[0];
  if (!r) return { sessionLive: false, user: undefined };
  return { sessionLive: r.revoked === false && r.disabled === false, user: toCurrentUser(r) };
}

function toCurrentUser(r: Record<string, unknown>): CurrentUser {
  return {
    _id: r.id as string,
    name: r.name as string,
    emailId: r.email as string,
    emailVerified: r.email_verified as boolean,
    firstName: r.first_name as string,
    lastName: r.last_name as string,
    companyId: r.company_id as string,
    isSuperAdmin: r.is_super_admin as boolean,
    role: r.role_id
      ? {
          _id: r.role_id as string,
          name: r.role_name as string,
          permissions: r.permissions as Record<string, string[]>,
        }
      : null,
    products: (typeof r.products === 'string' ? JSON.parse(r.products) : r.products) as CurrentUser['products'],
    company: {
      _id: r.company_id as string,
      name: r.c_name as string,
      short_name: r.short_name as string,
      company_type: r.company_type as string,
      account_type: r.account_type as string,
      prefered_language: r.prefered_language as string,
      operating_country: r.operating_country as string,
      currency: r.currency as string,
      timezone: r.timezone as string,
      address: r.address as Record<string, unknown>,
      phone: r.phone as string,
      is_subscribed_for_campaign: r.is_subscribed_for_campaign as boolean,
      twoFactorAuth: r.two_factor_auth as boolean,
      account_setup: r.account_setup as boolean,
      subscripedPlan: { name: r.plan_name as string, expiryDate: r.plan_expiry_date as string },
    },
    isExpired: r.expired as boolean,
  };
}
