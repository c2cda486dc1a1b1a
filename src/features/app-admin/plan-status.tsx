import { formatDate } from '../../lib/i18n/format';
import { daysLeft } from '../../lib/plan-days';
import { Pill } from '../../lib/ui/pill';
import { useAppAdminT } from './strings';

/**
 * A plan's expiry day (`YYYY-MM-DD`) in the user's date format. Read at noon UTC, so that the user's
 * time zone cannot move it to the day before or after.
 */
export function formatPlanDate(expiryDate: string): string {
  return formatDate(`${expiryDate}T12:00:00Z`);
}

/** "12 days left" (green, amber in the last month), "Expires today", "Expired 3 days ago" (red). */
export function PlanStatusBadge({ expiryDate }: { expiryDate: string }) {
  const t = useAppAdminT();
  const days = daysLeft(expiryDate);
  if (days < 0) {
    return <Pill colorPalette="red">{t('expiredAgo', { count: -days })}</Pill>;
  }
  if (days === 0) return <Pill colorPalette="orange">{t('expiresToday')}</Pill>;
  return <Pill colorPalette={days <= 30 ? 'orange' : 'green'}>{t('daysLeft', { count: days })}</Pill>;
}
