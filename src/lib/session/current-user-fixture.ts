/**
 * Tests only: Ada, admin of Demo Freight (user u1 of company c1), as iamserver's fetch-user answers her,
 * checked against the contract; `user` and `company` change what a test is about.
 */
import { fetchUserAnswerSchema, type CurrentUser } from '../../shared/contracts/session';

export function currentUserFixture(
  user: Partial<Omit<CurrentUser, 'company'>> = {},
  company: Partial<CurrentUser['company']> = {},
): CurrentUser {
  const [parsed] = fetchUserAnswerSchema.parse([
    {
      _id: 'u1',
      name: 'Ada Admin',
      emailId: 'admin@demo.test',
      emailVerified: true,
      firstName: 'Ada',
      lastName: 'Admin',
      companyId: 'c1',
      isSuperAdmin: false,
      role: null,
      products: [],
      isExpired: false,
      ...user,
      company: {
        _id: 'c1',
        name: 'Demo Freight',
        short_name: 'DEMO',
        company_type: 'forwarder',
        account_type: 'business',
        prefered_language: 'en',
        operating_country: 'NL',
        currency: 'EUR',
        timezone: 'Europe/Amsterdam',
        address: {},
        phone: '',
        is_subscribed_for_campaign: false,
        twoFactorAuth: false,
        account_setup: true,
        subscripedPlan: { name: 'pro', expiryDate: '2999-01-01' },
        ...company,
      },
    },
  ]);
  return parsed as CurrentUser;
}
