import { Stack, Text } from '@chakra-ui/react';
import { useWatch, type Control } from 'react-hook-form';
import { formatNumber } from '../../lib/i18n/format';
import { shipmentTotals } from '../../shared/shipments/totals';
import type { ShipmentFormValues } from './form-values';
import { Columns, Section } from './form-section';
import { useShipmentsT } from './strings';

const numeric = (value: unknown) => {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : 0;
};

/** The totals as the service will derive them, recomputed on every keystroke in the cargo lines. */
export function TotalsPanel({
  control,
}: {
  control: Control<ShipmentFormValues, unknown, never> | Control<ShipmentFormValues>;
}) {
  const t = useShipmentsT();
  const mode = useWatch({ control: control as Control<ShipmentFormValues>, name: 'mode' });
  const cargo = useWatch({ control: control as Control<ShipmentFormValues>, name: 'cargo' }) ?? [];
  const totals = shipmentTotals(
    mode,
    cargo.map((line) => ({
      packages: numeric(line.packages),
      grossWeightKg: numeric(line.grossWeightKg),
      volumeM3: numeric(line.volumeM3),
    })),
  );
  const figures: [string, string, string][] = [
    ['packages', t('totalPackages'), formatNumber(totals.packages)],
    ['gross', t('totalGross'), t('kg', { value: formatNumber(totals.grossWeightKg) })],
    ['volume', t('totalVolume'), t('m3', { value: formatNumber(totals.volumeM3) })],
  ];
  if (totals.chargeableWeightKg !== null)
    figures.push(['chargeable', t('chargeable'), t('kg', { value: formatNumber(totals.chargeableWeightKg) })]);
  return (
    <Section id="totals" title={t('totals')}>
      <Columns columns={{ base: 2, md: 4 }} gap={3} aria-live="polite">
        {figures.map(([id, label, value]) => (
          <Stack key={id} gap={0} data-total={id}>
            <Text textStyle="xs" color="fg.muted">
              {label}
            </Text>
            <Text textStyle="lg" fontWeight="semibold">
              {value}
            </Text>
          </Stack>
        ))}
      </Columns>
    </Section>
  );
}
