import { Box, Button, Flex, Stack, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { formatNumber } from '../../lib/i18n/format';
import { PENDING_MARK } from '../../lib/outbox/optimistic';
import { Pill } from '../../lib/ui/pill';
import { TABLE_HEADER_CSS } from '../../lib/ui/table-style';
import type { ChargeKind } from '../../shared/contracts/shipment-charges';
import { minorUnits } from '../../shared/shipments/money';
import { useChargesT } from './charge-strings';
import type { LineFigures } from './charge-totals';
import type { ListedCharge } from './charges-api';

/** An exact amount in its currency's style and minor units ("€1,250.00", "¥3", "KWD 1.250"). */
export function money(value: string, currency: string): string {
  try {
    // Formatted from the decimal string itself, so a large amount keeps every cent.
    const digits = minorUnits(currency);
    return formatNumber(value as `${number}`, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
  } catch {
    return `${value} ${currency}`;
  }
}

/** The header of a column of figures: aligned with them, at the end. */
const END_HEADER_CSS = { ...TABLE_HEADER_CSS, textAlign: 'end' } as const;

/** A quantity as typed and stored ("2.5"), in the user's number style. */
function quantityText(value: string): string {
  return /^\d+(\.\d+)?$/.test(value) ? formatNumber(value as `${number}`, { maximumFractionDigits: 4 }) : value;
}

export interface ChargeLinesProps {
  kind: ChargeKind;
  charges: ListedCharge[];
  figures: ReadonlyMap<string, LineFigures>;
  baseCurrency: string;
  /** A charge code in words. */
  labelOf: (code: string) => string;
  /** The line being edited (its editor replaces the row), or null. */
  editingId: string | null;
  /** The editor in the row's place (or at the end, for a new line). */
  editor: ReactNode;
  onEdit: ((charge: ListedCharge) => void) | undefined;
  onDelete: ((charge: ListedCharge) => void) | undefined;
  /** Cards, one per line, on a phone; a table otherwise. */
  phone: boolean;
}

/** What one line is called in buttons and dialogs: "Freight · Ocean freight Shanghai–Rotterdam". */
export function lineName(charge: { chargeCode: string; description: string }, labelOf: (code: string) => string) {
  return [labelOf(charge.chargeCode), charge.description].filter(Boolean).join(' · ');
}

/** One side of the job's money (revenue or cost): each line with its amount and its base-currency value. */
export function ChargeLines(props: ChargeLinesProps) {
  const { kind, charges, editingId, editor, phone } = props;
  const t = useChargesT();
  const newLine = editingId !== null && !charges.some((c) => c._id === editingId);
  if (phone)
    return (
      <Stack as="ul" gap={2} listStyleType="none" data-charges={kind}>
        {charges.map((charge) =>
          charge._id === editingId ? (
            <li key={charge._id}>{editor}</li>
          ) : (
            <ChargeCard key={charge._id} charge={charge} {...props} />
          ),
        )}
        {newLine && <li>{editor}</li>}
        {charges.length === 0 && !newLine && (
          <Text as="li" color="fg.muted">
            {t(`empty.${kind}`)}
          </Text>
        )}
      </Stack>
    );
  const columns = 7;
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" data-charges={kind} aria-label={t(kind)}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader css={TABLE_HEADER_CSS}>{t('chargeCode')}</Table.ColumnHeader>
            <Table.ColumnHeader css={TABLE_HEADER_CSS}>
              {t(kind === 'revenue' ? 'partyRevenue' : 'partyCost')}
            </Table.ColumnHeader>
            <Table.ColumnHeader css={END_HEADER_CSS}>{t('quantity')}</Table.ColumnHeader>
            <Table.ColumnHeader css={END_HEADER_CSS}>{t('unitPrice')}</Table.ColumnHeader>
            <Table.ColumnHeader css={END_HEADER_CSS}>{t('amount')}</Table.ColumnHeader>
            <Table.ColumnHeader css={END_HEADER_CSS}>
              {t('inBase', { currency: props.baseCurrency })}
            </Table.ColumnHeader>
            <Table.ColumnHeader css={TABLE_HEADER_CSS}>
              <Box as="span" srOnly>
                {t('actions')}
              </Box>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {charges.map((charge) =>
            charge._id === editingId ? (
              <Table.Row key={charge._id}>
                <Table.Cell colSpan={columns}>{editor}</Table.Cell>
              </Table.Row>
            ) : (
              <ChargeRow key={charge._id} charge={charge} {...props} />
            ),
          )}
          {newLine && (
            <Table.Row>
              <Table.Cell colSpan={columns}>{editor}</Table.Cell>
            </Table.Row>
          )}
          {charges.length === 0 && !newLine && (
            <Table.Row>
              <Table.Cell colSpan={columns} color="fg.muted">
                {t(`empty.${kind}`)}
              </Table.Cell>
            </Table.Row>
          )}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

type LineProps = ChargeLinesProps & { charge: ListedCharge };

function BaseValue({ charge, figures, baseCurrency }: LineProps) {
  const t = useChargesT();
  const line = figures.get(charge._id);
  if (line?.needsRate) return <Pill colorPalette="orange">{t('needsRate')}</Pill>;
  return <>{line?.baseAmount != null ? money(line.baseAmount, baseCurrency) : '—'}</>;
}

function Actions({ charge, labelOf, onEdit, onDelete }: LineProps) {
  const t = useChargesT();
  const what = lineName(charge, labelOf);
  return (
    <Flex gap={1} justifyContent="flex-end">
      {onEdit && (
        <Button size="xs" variant="ghost" aria-label={t('editLine', { what })} onClick={() => onEdit(charge)}>
          {t('edit')}
        </Button>
      )}
      {onDelete && (
        <Button
          size="xs"
          variant="ghost"
          colorPalette="red"
          aria-label={t('deleteLine', { what })}
          onClick={() => onDelete(charge)}
        >
          {t('delete')}
        </Button>
      )}
    </Flex>
  );
}

function Waiting({ charge }: { charge: ListedCharge }) {
  const t = useChargesT();
  return PENDING_MARK in charge ? <Pill colorPalette="orange">{t('waiting')}</Pill> : null;
}

function ChargeRow(props: LineProps) {
  const { charge, labelOf, figures } = props;
  const t = useChargesT();
  const amount = figures.get(charge._id)?.amount ?? charge.amount;
  return (
    <Table.Row data-testid="charge-line" data-charge-code={charge.chargeCode}>
      <Table.Cell>
        <Text fontWeight="medium">{labelOf(charge.chargeCode)}</Text>
        {charge.description && (
          <Text textStyle="xs" color="fg.muted">
            {charge.description}
          </Text>
        )}
        <Waiting charge={charge} />
      </Table.Cell>
      <Table.Cell>{charge.partyName ?? (charge.partyId ? '…' : t('noParty'))}</Table.Cell>
      <Table.Cell textAlign="end">{quantityText(charge.quantity)}</Table.Cell>
      <Table.Cell textAlign="end">{money(charge.unitPrice, charge.currency)}</Table.Cell>
      <Table.Cell textAlign="end">{money(amount, charge.currency)}</Table.Cell>
      <Table.Cell textAlign="end" data-testid="charge-base">
        <BaseValue {...props} />
      </Table.Cell>
      <Table.Cell>
        <Actions {...props} />
      </Table.Cell>
    </Table.Row>
  );
}

function ChargeCard(props: LineProps) {
  const { charge, labelOf, figures } = props;
  const t = useChargesT();
  const amount = figures.get(charge._id)?.amount ?? charge.amount;
  return (
    <Box
      as="li"
      borderWidth="1px"
      borderRadius="l2"
      padding={3}
      data-testid="charge-line"
      data-charge-code={charge.chargeCode}
    >
      <Flex justifyContent="space-between" gap={2} alignItems="baseline" wrap="wrap">
        <Text fontWeight="medium">{labelOf(charge.chargeCode)}</Text>
        <Text fontWeight="semibold" data-testid="charge-base">
          <BaseValue {...props} />
        </Text>
      </Flex>
      {charge.description && (
        <Text textStyle="sm" color="fg.muted">
          {charge.description}
        </Text>
      )}
      <Text textStyle="sm">
        {`${quantityText(charge.quantity)} × ${money(charge.unitPrice, charge.currency)} = ${money(amount, charge.currency)}`}
      </Text>
      {charge.partyName && (
        <Text textStyle="sm" color="fg.muted">
          {`${t(props.kind === 'revenue' ? 'partyRevenue' : 'partyCost')}: ${charge.partyName}`}
        </Text>
      )}
      <Flex justifyContent="space-between" alignItems="center" marginTop={1}>
        <Waiting charge={charge} />
        <Actions {...props} />
      </Flex>
    </Box>
  );
}
