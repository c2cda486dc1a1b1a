/**
 * The current user as `GET /iamserver/api/v1/fetch-user` returns it (`data[0]`, SPEC.md section 3):
 * shared by the page and the server's answer shape.
 */
export interface SubscribedPlan {
  name: string;
  /** ISO date (YYYY-MM-DD or a full timestamp). */
  expiryDate: string;
}

export interface Company {
  _id: string;
  name: string;
  short_name: string;
  company_type: string;
  account_type: string;
  prefered_language: string;
  operating_country: string;
  currency: string;
  timezone: string;
  address: Record<string, unknown>;
  phone: string;
  is_subscribed_for_campaign: boolean;
  twoFactorAuth: boolean;
  account_setup: boolean;
  /** Spelled as the services spell it. */
  subscripedPlan: SubscribedPlan;
}

export interface Product {
  _id: string;
  code: string;
  name: string;
}

export interface UserRole {
  _id: string;
  name: string;
  permissions: Record<string, string[]>;
}

export interface CurrentUser {
  _id: string;
  name: string;
  emailId: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  companyId: string;
  isSuperAdmin: boolean;
  role: UserRole | null;
  products: Product[];
  company: Company;
  /** True when the plan's expiry date is before today. */
  isExpired: boolean;
}

/** The access and refresh token pair the services issue (CONTRACT.md section 4). */
export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}
