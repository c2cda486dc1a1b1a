import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import { formatNumber } from '../../lib/i18n/format';
import type { ProfitFigures } from '../../shared/shipments/money';
import { money } from './charge-lines';
import { useChargesT } from './charge-strings';
import { dayOf } from './shipment-labels';
import { isNegative } from './charge-totals';

/**
 * The job's revenue, cost, profit and margin in the base currency, as they stand with what is typed now;
 * a loss in red. Announced politely to screen readers as it changes.
 */
export function ChargeTotals({
  totals,
  baseCurrency,
  day,
  lossReason,
}: {
  totals: ProfitFigures | null;
  baseCurrency: string;
  day: string;
  lossReason: string | null | undefined;
}) {
  const t = useChargesT();
  const loss = totals !== null && isNegative(totals.profit);
  const margin =
    totals?.marginPercent != null
      ? `${formatNumber(totals.marginPercent as `${number}`, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} %`
      : t('noMargin');
  return (
    <Box
      marginTop={5}
      paddingTop={3}
      borderTopWidth="1px"
      aria-live="polite"
      data-testid="charges-totals"
      data-profit={totals?.profit ?? ''}
      data-margin={totals?.marginPercent ?? ''}
    >
      <Text fontWeight="semibold" marginBottom={2}>
        {t('totals', { currency: baseCurrency })}
      </Text>
      {totals ? (
        <Flex gap={{ base: 3, md: 8 }} wrap="wrap">
          <Figure label={t('totalRevenue')} value={money(totals.revenue, baseCurrency)} />
          <Figure label={t('totalCost')} value={money(totals.cost, baseCurrency)} />
          <Figure label={t('profit')} value={money(totals.profit, baseCurrency)} loss={loss} id="profit" />
          <Figure label={t('margin')} value={margin} loss={loss} id="margin" />
        </Flex>
      ) : (
        <Text color="fg.muted">{t('noRate.figures')}</Text>
      )}
      <Text textStyle="xs" color="fg.muted" marginTop={2}>
        {t('rateDate', { date: dayOf(day) })}
      </Text>
      {lossReason && (
        <Text textStyle="sm" marginTop={1}>
          {t('lossReasonShown', { reason: lossReason })}
        </Text>
      )}
    </Box>
  );
}

function Figure({ label, value, loss = false, id }: { label: string; value: string; loss?: boolean; id?: string }) {
  return (
    <Stack gap={0} minWidth="7rem" data-figure={id}>
      <Text textStyle="xs" color="fg.muted">
        {label}
      </Text>
      <Text textStyle="lg" fontWeight="semibold" color={loss ? 'fg.error' : undefined} data-loss={loss || undefined}>
        {value}
      </Text>
    </Stack>
  );
}
