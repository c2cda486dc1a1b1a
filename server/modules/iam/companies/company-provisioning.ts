/**
 * Creating a company, in one place: the demo seed, the command-line tool and the app-admin route all
 * call `provisionCompany`, so every new tenant starts with the same products, roles, picklists and
 * business types, and its first admin (with the Admin role), whoever created it. The seed and the command
 * line give the admin a password; the app admin's console gives none, and the admin is mailed the same
 * invitation as a user invited from /settings/users. Runs in the caller's system transaction (the tenant
 * does not exist yet), so a refusal leaves nothing half-created; no SQL here, only the repositories.
 *
 * Not provisioned yet, because the schema has no table for them: mail templates. When that table
 * arrives, its defaults belong in this file too.
 */
import { ERROR_CODES } from '../../../../src/shared/api-envelope.ts';
import {
  allPermissions,
  moduleActions,
  STANDARD_ACTIONS,
  type Permissions,
} from '../../../../src/shared/permissions.ts';
import type { Queryable } from '../../../db/database.ts';
import { ApiError } from '../../../http/api-error.ts';
import type { ServiceDeps } from '../../../http/build-service-app.ts';
import { inviteUser } from '../account-recovery/invitation-service.ts';
import { insertUser, insertUserWithPassword, isEmailTaken } from '../users/user-repository.ts';
import { insertBusinessTypes } from '../../master/business-types/business-type-repository.ts';
import { seedMailTemplates } from '../../mail/templates/template-repository.ts';
import { insertDropdownGroups, insertDropdownOptions } from '../../master/dropdown-repository.ts';
import { ensureProducts, grantAllProducts } from '../products/product-repository.ts';
import { insertRole } from '../roles/role-repository.ts';
import { insertCompany } from './company-repository.ts';

/** The product catalog: every company gets all of it. */
export const PRODUCT_CATALOG: ReadonlyArray<{ code: string; name: string }> = [
  { code: 'freight', name: 'Freight Management' },
  { code: 'contacts', name: 'Contacts' },
  { code: 'reports', name: 'Reports' },
];

function operationsPermissions(): Permissions {
  const all = allPermissions();
  delete all.users;
  delete all.roles;
  delete all.company;
  // A sign-in template whose link or code left for another host would be a way into any account
  // (migration 021 did the same to existing companies).
  delete all.templates;
  return {
    ...all,
    audit: ['read'],
    products: ['read'],
    reference: moduleActions('reference'),
    // A job's money (charges, profit) is for the roles an admin gives `shipments.charges` (issue 26).
    shipments: [...STANDARD_ACTIONS],
    // Operations picks from the company's master data; its administrators maintain it.
    masterData: ['read'],
    // Operations reports problems; the list of reports and its status updates are for administrators
    // (a screenshot can show what only they may see). Migration 020 did the same to existing companies.
    issues: ['create'],
  };
}

export type DefaultRoleName = 'Admin' | 'Operations';

/**
 * The system roles of a new company (docs/api.md section 3): Admin with every permission for its first
 * administrator, Operations for day-to-day work without users, roles or company settings.
 */
export const DEFAULT_ROLES: ReadonlyArray<{ name: DefaultRoleName; description: string; permissions: Permissions }> = [
  { name: 'Admin', description: 'Every permission', permissions: allPermissions() },
  { name: 'Operations', description: 'Day-to-day operations', permissions: operationsPermissions() },
];

/** The picklists (`/dropdown?module=home`) every new company starts with. */
export const DEFAULT_PICKLIST_MODULE = 'home';
export const DEFAULT_PICKLISTS: ReadonlyArray<{ group: string; value: string; label: string }> = [
  { group: 'shipment_mode', value: 'air', label: 'Air' },
  { group: 'shipment_mode', value: 'ocean', label: 'Ocean' },
  { group: 'shipment_mode', value: 'road', label: 'Road' },
  { group: 'shipment_mode', value: 'rail', label: 'Rail' },
  { group: 'shipment_status', value: 'booked', label: 'Booked' },
  { group: 'shipment_status', value: 'in_transit', label: 'In transit' },
  { group: 'shipment_status', value: 'arrived', label: 'Arrived' },
  { group: 'shipment_status', value: 'delivered', label: 'Delivered' },
  { group: 'container_type', value: '20GP', label: "20' General Purpose" },
  { group: 'container_type', value: '40GP', label: "40' General Purpose" },
  { group: 'container_type', value: '40HC', label: "40' High Cube" },
  { group: 'container_type', value: '20RF', label: "20' Reefer" },
  { group: 'incoterm', value: 'EXW', label: 'EXW – Ex Works' },
  { group: 'incoterm', value: 'FCA', label: 'FCA – Free Carrier' },
  { group: 'incoterm', value: 'FOB', label: 'FOB – Free On Board' },
  { group: 'incoterm', value: 'CIF', label: 'CIF – Cost, Insurance and Freight' },
  { group: 'incoterm', value: 'DAP', label: 'DAP – Delivered At Place' },
  { group: 'incoterm', value: 'DDP', label: 'DDP – Delivered Duty Paid' },
];

/** The groups of DEFAULT_PICKLISTS, with the labels the picklist screen shows. */
export const DEFAULT_PICKLIST_GROUPS: ReadonlyArray<{ name: string; label: string }> = [
  { name: 'shipment_mode', label: 'Shipment mode' },
  { name: 'shipment_status', label: 'Shipment status' },
  { name: 'container_type', label: 'Container type' },
  { name: 'incoterm', label: 'Incoterm' },
];

/**
 * The picklists of module `shipments` every new company starts with (migration 031 gave the same to the
 * companies that existed before it): the charge codes of a job's money and the reasons a job closes at a
 * loss. An admin edits them on the picklist screen.
 */
export const SHIPMENT_PICKLIST_MODULE = 'shipments';
export const SHIPMENT_PICKLIST_GROUPS: ReadonlyArray<{ name: string; label: string }> = [
  { name: 'charge-codes', label: 'Charge codes' },
  { name: 'loss-reasons', label: 'Loss reasons' },
];
export const SHIPMENT_PICKLISTS: ReadonlyArray<{ group: string; value: string; label: string }> = [
  { group: 'charge-codes', value: 'FRT', label: 'Freight' },
  { group: 'charge-codes', value: 'THC', label: 'Terminal handling' },
  { group: 'charge-codes', value: 'DOC', label: 'Documentation' },
  { group: 'charge-codes', value: 'CUS', label: 'Customs clearance' },
  { group: 'charge-codes', value: 'TRK', label: 'Trucking' },
  { group: 'charge-codes', value: 'INS', label: 'Insurance' },
  { group: 'loss-reasons', value: 'carrier-rate-increase', label: 'Carrier raised the rate after the quote' },
  { group: 'loss-reasons', value: 'demurrage-detention', label: 'Demurrage or detention' },
  { group: 'loss-reasons', value: 'exchange-rate', label: 'Exchange rate moved' },
  { group: 'loss-reasons', value: 'strategic-price', label: 'Strategic price for the customer' },
  { group: 'loss-reasons', value: 'claim', label: 'Cargo claim or damage' },
  { group: 'loss-reasons', value: 'other', label: 'Other' },
];

/**
 * The business types of contacts (`/type`) every new company starts with. Migration 013 gave the same
 * list to the companies that existed before it.
 */
export const DEFAULT_BUSINESS_TYPES: ReadonlyArray<{ code: string; name: string }> = [
  { code: 'shipper', name: 'Shipper' },
  { code: 'consignee', name: 'Consignee' },
  { code: 'notify_party', name: 'Notify party' },
  { code: 'agent', name: 'Agent' },
  { code: 'carrier', name: 'Carrier' },
  { code: 'customs_broker', name: 'Customs broker' },
  { code: 'trucker', name: 'Trucker' },
  { code: 'warehouse', name: 'Warehouse' },
];

/** The company's own settings; what is left out takes the same default for every caller. */
export interface CompanyProfile {
  name: string;
  shortName: string;
  expiryDate: string;
  accountType?: string;
  planName?: string;
  operatingCountry?: string;
  currency?: string;
  timezone?: string;
}

export const COMPANY_PROFILE_DEFAULTS = {
  accountType: 'business',
  planName: 'standard',
  operatingCountry: 'US',
  currency: 'USD',
  timezone: 'UTC',
} as const satisfies Partial<CompanyProfile>;

/** The company's first admin: every permission (the Admin role). */
export interface FirstAdmin {
  email: string;
  firstName: string;
  lastName: string;
  /** Defaults to "first last". */
  name?: string;
  /**
   * How the admin signs in: with this password (the seed and the command line; the address counts as
   * verified unless `emailVerified` says otherwise), or, when it is missing, through an invitation.
   */
  password?: { hash: string; emailVerified?: boolean };
  /** Only the seed and the command line make super admins; the console never does. */
  isSuperAdmin?: boolean;
}

/** Who sends the invitation when the first admin has no password (the app admin's console). */
export interface InvitationSender {
  deps: Pick<ServiceDeps, 'config' | 'now'>;
  invitedByName: string;
  invitedByUserId: string | null;
  requestId: string | null;
}

export interface ProvisionedCompany {
  companyId: string;
  /** The id of each default role, for the callers that add more users. */
  roleIds: Record<DefaultRoleName, string>;
  adminUserId: string;
}

/** The refusal of an address that already signs in somewhere (addresses are unique across tenants). */
export function adminEmailTaken(email: string): ApiError {
  return new ApiError(409, ERROR_CODES.ALREADY_EXISTS, `A user with the e-mail ${email} already exists`, {
    details: [{ path: 'body.admin.email', message: 'is already taken' }],
  });
}

/**
 * Creates a company with everything a new tenant starts with and its first admin. Call inside a
 * `freight_system` transaction; a taken e-mail throws (409, `body.admin.email`) before anything is written.
 * Without a password the admin is invited, which needs `invitation`.
 */
export async function provisionCompany(
  tx: Queryable,
  profile: CompanyProfile,
  admin: FirstAdmin,
  invitation?: InvitationSender,
): Promise<ProvisionedCompany> {
  const email = admin.email.trim().toLowerCase();
  if (!admin.password && !invitation) throw new Error('A first admin without a password must be invited');
  if (await isEmailTaken(tx, email)) throw adminEmailTaken(email);
  const defaults = COMPANY_PROFILE_DEFAULTS;
  const companyId = await insertCompany(tx, {
    name: profile.name,
    shortName: profile.shortName,
    expiryDate: profile.expiryDate,
    accountType: profile.accountType ?? defaults.accountType,
    planName: profile.planName ?? defaults.planName,
    operatingCountry: profile.operatingCountry ?? defaults.operatingCountry,
    currency: profile.currency ?? defaults.currency,
    timezone: profile.timezone ?? defaults.timezone,
  });
  await ensureProducts(tx, PRODUCT_CATALOG);
  await grantAllProducts(tx, companyId);
  const roleIds = {} as Record<DefaultRoleName, string>;
  for (const role of DEFAULT_ROLES) {
    roleIds[role.name] = await insertRole(tx, { companyId, ...role, isSystem: true });
  }
  await insertDropdownGroups(tx, companyId, DEFAULT_PICKLIST_MODULE, DEFAULT_PICKLIST_GROUPS);
  await insertDropdownOptions(tx, companyId, DEFAULT_PICKLIST_MODULE, DEFAULT_PICKLISTS);
  await insertDropdownGroups(tx, companyId, SHIPMENT_PICKLIST_MODULE, SHIPMENT_PICKLIST_GROUPS);
  await insertDropdownOptions(tx, companyId, SHIPMENT_PICKLIST_MODULE, SHIPMENT_PICKLISTS);
  await insertBusinessTypes(tx, companyId, DEFAULT_BUSINESS_TYPES);
  await seedMailTemplates(tx, companyId, 'en');

  const user = {
    companyId,
    email,
    firstName: admin.firstName,
    lastName: admin.lastName,
    name: admin.name ?? [admin.firstName, admin.lastName].filter(Boolean).join(' '),
    roleId: roleIds.Admin,
  };
  let adminUserId: string;
  if (admin.password) {
    adminUserId = await insertUserWithPassword(tx, {
      ...user,
      passwordHash: admin.password.hash,
      emailVerified: admin.password.emailVerified ?? true,
      isSuperAdmin: admin.isSuperAdmin ?? false,
    });
  } else {
    if (admin.isSuperAdmin) throw new Error('A super admin is made with a password (the command line or the seed)');
    adminUserId = await insertUser(tx, user);
    await inviteUser(tx, invitation!.deps, {
      companyId,
      userId: adminUserId,
      email,
      invitedByName: invitation!.invitedByName,
      invitedByUserId: invitation!.invitedByUserId,
      requestId: invitation!.requestId,
    });
  }
  return { companyId, roleIds, adminUserId };
}
