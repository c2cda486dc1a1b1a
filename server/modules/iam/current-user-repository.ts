/**
 * The current user as SPEC.md section 3 describes it: the user with the company and products embedded.
 * The shape is the one the web app reads (src/shared/session-types.ts), defined once for both.
 */
import type { CurrentUser } from '../../../src/shared/session-types.ts';
import type { Queryable } from '../../db/database.ts';

export async function findCurrentUser(tx: Queryable, userId: string): Promise<CurrentUser | undefined> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT u.id, u.name, u.email, u.email_verified, u.first_name, u.last_name, u.company_id, u.is_super_admin,
            r.id AS role_id, r.name AS role_name, r.permissions,
            c.name AS c_name, c.short_name, c.company_type, c.account_type, c.prefered_language, c.operating_country,
            c.currency, c.timezone, c.address, c.phone, c.is_subscribed_for_campaign, c.two_factor_auth,
            c.account_setup, c.plan_name, to_char(c.plan_expiry_date, 'YYYY-MM-DD') AS plan_expiry_date,
            c.plan_expiry_date < current_date AS expired,
            COALESCE((SELECT json_agg(json_build_object('_id', p.id, 'code', p.code, 'name', p.name) ORDER BY p.code)
                        FROM company_products cp JOIN products p ON p.id = cp.product_id
                       WHERE cp.company_id = u.company_id), '[]'::json) AS products
       FROM users u
       JOIN companies c ON c.id = u.company_id
       LEFT JOIN roles r ON r.id = u.role_id
      WHERE u.id = $1`,
    [userId],
  );
  const r = rows[0];
  if (!r) return undefined;
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
