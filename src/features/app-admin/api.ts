/**
 * iamserver's app-admin calls (`/app-admin/companies`, super admins only): every company with its plan,
 * creating one with its first admin, and changing a plan (with its version). Declared once with the kit,
 * so its writes carry an Idempotency-Key and meet version conflicts like every other resource's.
 */
import { defineResource } from '../../lib/resource-kit/define-resource';
import {
  APP_ADMIN_COMPANY_SORT_FIELDS,
  appAdminCompanySchema,
  createAppAdminCompanyBody,
  updateCompanyPlanBody,
} from '../../shared/contracts/company';

export const appAdminCompanies = defineResource({
  name: 'app-admin-companies',
  service: 'iamserver',
  path: '/app-admin/companies',
  item: appAdminCompanySchema,
  sortable: APP_ADMIN_COMPANY_SORT_FIELDS,
  create: createAppAdminCompanyBody,
  update: updateCompanyPlanBody,
});
