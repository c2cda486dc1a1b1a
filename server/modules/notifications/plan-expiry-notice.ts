/**
 * The plan-expiry notice: once a day at most per company, the administrators (users whose role grants
 * `company` permissions) of a company whose plan expires within 14 days get a notification. A row per
 * company and day in `plan_expiry_notices` makes it idempotent, across timers and service instances.
 * Days are UTC days.
 */
import { addDays } from 'date-fns/addDays';
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import { formatCalendarDay, parseCalendarDay, utcCalendarDay } from '../../../src/shared/dates.ts';
import type { ServiceDeps } from '../../http/build-service-app.ts';
import {
  claimPlanExpiryNotice,
  listCompaniesWithPlanExpiring,
  listCompanyAdminUserIds,
} from './notification-repository.ts';
import { createNotifications } from './notification-service.ts';

export const PLAN_EXPIRY_WINDOW_DAYS = 14;
/** How often the timer looks; the table keeps it to one notice a day. */
export const PLAN_EXPIRY_CHECK_MS = 60 * 60 * 1000;

export function planExpiryTitle(daysLeft: number): string {
  if (daysLeft <= 0) return 'Your plan expires today';
  if (daysLeft === 1) return 'Your plan expires tomorrow';
  return `Your plan expires in ${daysLeft} days`;
}

export interface PlanExpiryNoticeResult {
  companyId: string;
  expiryDate: string;
  userIds: string[];
}

/** Sends today's notices that have not been sent yet; returns the ones sent by this call. */
export async function notifyExpiringPlans(deps: Pick<ServiceDeps, 'db'>, now: Date): Promise<PlanExpiryNoticeResult[]> {
  const day = utcCalendarDay(now);
  const today = formatCalendarDay(day);
  const until = formatCalendarDay(addDays(day, PLAN_EXPIRY_WINDOW_DAYS));
  const companies = await deps.db.transaction({ role: 'freight_system', companyId: null }, (tx) =>
    listCompaniesWithPlanExpiring(tx, today, until),
  );
  const sent: PlanExpiryNoticeResult[] = [];
  for (const company of companies) {
    const result = await deps.db.transaction({ role: 'freight_app', companyId: company.id }, async (tx) => {
      const claimed = await claimPlanExpiryNotice(tx, {
        companyId: company.id,
        noticeDate: today,
        expiryDate: company.expiryDate,
      });
      if (!claimed) return undefined;
      const admins = await listCompanyAdminUserIds(tx, company.id);
      const daysLeft = differenceInCalendarDays(parseCalendarDay(company.expiryDate), day);
      await createNotifications(tx, {
        companyId: company.id,
        userIds: admins,
        kind: 'plan-expiry',
        title: planExpiryTitle(daysLeft),
        body: `Your subscription plan expires on ${company.expiryDate}. Renew it to keep your team working without interruption.`,
        link: '/settings/company',
      });
      return { companyId: company.id, expiryDate: company.expiryDate, userIds: admins };
    });
    if (result) sent.push(result);
  }
  return sent;
}
