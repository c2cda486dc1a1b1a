/**
 * "This month: N jobs closed, profit X" (issue 26), for roles with `shipments.charges` only, linking to the
 * profit-by-customer report. Its own small chunk with its own words and a narrow schema of
 * `GET /shipments/closed-this-month`: the dashboard's first load carries none of the charges contract.
 */
import { Link, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { z } from 'zod';
import { apiCall } from '../../lib/api/api-client';
import { defineStrings } from '../../lib/i18n/define-strings';
import { formatNumber } from '../../lib/i18n/format';
import { DASHBOARD_KEY } from './dashboard-api';
import { QueryWidget, WidgetFrame } from './widget';

/**
 * Where the panel leads: the saved reports found by the name of the profit-by-customer report (a `shipments`
 * report with the profit per customer this month and its chart).
 */
export const PROFIT_REPORT_PATH = `/reports?search=${encodeURIComponent('Profit by customer')}`;

const closedThisMonth = z.object({
  closedJobs: z.number(),
  currency: z.string(),
  /** A decimal string in the base currency. */
  profit: z.string(),
});

const { useT } = defineStrings(
  'dashboard-profit',
  {
    title: 'Profit',
    summary_one: 'This month: {{count}} job closed, profit {{profit}}',
    summary_other: 'This month: {{count}} jobs closed, profit {{profit}}',
    report: 'Profit by customer',
  },
  // Spanish only when it is shown.
  () => import('./profit-widget.es').then((module) => module.default),
);

export default function ProfitWidget() {
  const t = useT();
  const query = useQuery({
    queryKey: [...DASHBOARD_KEY, 'closed-this-month'] as const,
    staleTime: 0,
    retry: 1,
    queryFn: () => apiCall('shipmentserver', '/shipments/closed-this-month', closedThisMonth),
  });
  return (
    <WidgetFrame id="profit" title={t('title')}>
      <QueryWidget query={query}>
        {(month) => {
          // The currency's own minor units (Intl knows ISO 4217's), from the exact decimal string.
          const profit = formatNumber(month.profit as `${number}`, { style: 'currency', currency: month.currency });
          return (
            <>
              <Text
                data-closed-jobs={month.closedJobs}
                data-profit={month.profit}
                color={month.profit.startsWith('-') ? 'fg.error' : undefined}
              >
                {t('summary', { count: month.closedJobs, profit })}
              </Text>
              <Link asChild color="brand.fg" textStyle="sm" fontWeight="medium">
                <RouterLink to={PROFIT_REPORT_PATH}>{t('report')}</RouterLink>
              </Link>
            </>
          );
        }}
      </QueryWidget>
    </WidgetFrame>
  );
}
