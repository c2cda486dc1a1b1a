import { Box, Button, Flex, Link, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { isApiError } from '../../lib/api/api-error';
import { PENDING_MARK } from '../../lib/outbox/optimistic';
import { useCurrencies } from '../../lib/reference-data/localized-reference-data';
import { useCan } from '../../lib/resource-kit/permission-gate';
import { useOnline } from '../../lib/resource-kit/use-online';
import { useSession } from '../../lib/session/use-session';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import { showToast } from '../../lib/ui/toast-store';
import { usePhone } from '../../lib/ui/use-phone';
import { CHARGE_KINDS, type ChargeKind } from '../../shared/contracts/shipment-charges';
import type { Shipment } from '../../shared/contracts/shipments';
import { ChargeEditor, codeLabel, type CurrencyChoice } from './charge-editor';
import { ChargeLines, lineName } from './charge-lines';
import { useChargesT } from './charge-strings';
import { chargeFigures, type TypedLine } from './charge-totals';
import { ChargeTotals } from './charge-totals-panel';
import {
  chargeCodeOptions,
  chargesQueryOptions,
  deleteCharge,
  lossReasonOptions,
  missingRatesOf,
  profitQueryOptions,
  shipmentPicklistsQueryOptions,
  type ListedCharge,
} from './charges-api';
import { dayOf, numberOf } from './shipment-labels';
import { useChargeRates } from './use-charge-rates';
import { DetailSection } from './detail-section';

/**
 * The money of a job on its screen (issue 26), for roles with `shipments.charges` only: revenue and cost as
 * two tables (cards on a phone), each line with its value in the base currency; add, edit and delete in
 * place; the totals and margin follow each keystroke. Offline, writes wait in the outbox and show as waiting.
 */
export function ChargesSection({ shipment }: { shipment: Shipment }) {
  return useCan('shipments', 'charges') ? <Charges shipment={shipment} /> : null;
}

type Editing = { id: string | null; kind: ChargeKind; charge: ListedCharge | undefined };

function Charges({ shipment }: { shipment: Shipment }) {
  const t = useChargesT();
  const client = useQueryClient();
  const online = useOnline();
  const phone = usePhone();
  const { company } = useSession();
  // The section's permission is the one its writes need; a closed job keeps its charges (409 SHIPMENT_CLOSED).
  const canChange = !shipment.closed;
  // A shipment still in the outbox has no charges on the server yet (only those queued here).
  const queuedShipment = PENDING_MARK in shipment;
  const charges = useQuery({ ...chargesQueryOptions(shipment._id), enabled: !queuedShipment });
  const profit = useQuery({ ...profitQueryOptions(shipment._id), enabled: !queuedShipment });
  const picklists = useQuery(shipmentPicklistsQueryOptions);
  const rates = useChargeRates(shipment.etd, profit.data);
  const names = useCurrencies();
  const base = profit.data?.currency ?? company?.currency ?? 'EUR';
  const codes = chargeCodeOptions(picklists.data);
  const labelOf = useCallback((code: string) => codeLabel(codes, code), [codes]);

  const [editing, setEditing] = useState<Editing | null>(null);
  const [draft, setDraft] = useState<TypedLine | null>(null);
  const [deleting, setDeleting] = useState<ListedCharge | null>(null);
  const [deleteError, setDeleteError] = useState<string>();
  const list = useMemo(() => charges.data ?? [], [charges.data]);

  const lines: TypedLine[] = list.map((c) => (draft && draft._id === c._id ? draft : c));
  if (draft && !list.some((c) => c._id === draft._id)) lines.push(draft);
  const figures = chargeFigures(lines, base, rates.rateOf);

  const currencies: CurrencyChoice[] = useMemo(() => {
    const codesInUse = [base, ...rates.companyCurrencies.map((c) => c.code), ...list.map((c) => c.currency)];
    const nameOf = (code: string) => names.data?.find((c) => c.code === code)?.name ?? code;
    return [...new Set(codesInUse)].map((code) => ({ code, name: nameOf(code) }));
  }, [base, rates.companyCurrencies, list, names.data]);

  const serverNoRate = missingRatesOf(profit.error);
  const noRate =
    serverNoRate.length > 0 ? serverNoRate : figures.missingRates.map((currency) => ({ currency, date: rates.day }));

  const done = useCallback(() => {
    setEditing(null);
    setDraft(null);
  }, []);
  const number = numberOf(shipment);
  const editorFor = (kind: ChargeKind) =>
    editing?.kind === kind ? (
      <ChargeEditor
        key={editing.id ?? 'new'}
        shipmentId={shipment._id}
        shipmentNumber={number}
        kind={kind}
        charge={editing.charge}
        codes={codes}
        currencies={currencies}
        baseCurrency={base}
        onDraft={setDraft}
        onDone={done}
      />
    ) : null;

  return (
    <DetailSection id="charges" title={t('title')}>
      {!online && (
        <Text textStyle="sm" color="fg.muted" marginBottom={2}>
          {t('offline')}
        </Text>
      )}
      {shipment.closed && (
        <Text textStyle="sm" color="fg.muted" marginBottom={2}>
          {t('closedNotice')}
        </Text>
      )}
      {charges.isPending && !queuedShipment && <Text role="status">{t('loading')}</Text>}
      {charges.isError && !charges.data && online && (
        <Stack role="alert" gap={2} marginBottom={3}>
          <Text>{t('failed', { message: isApiError(charges.error) ? charges.error.message : '' })}</Text>
          <Box>
            <Button size="sm" variant="outline" onClick={() => void charges.refetch()}>
              {t('retry')}
            </Button>
          </Box>
        </Stack>
      )}
      {noRate.length > 0 && <NoRateNotice missing={noRate} charges={lines} list={list} labelOf={labelOf} />}

      <Stack gap={5}>
        {CHARGE_KINDS.map((kind) => (
          <Box key={kind}>
            <Flex justifyContent="space-between" alignItems="center" gap={2} marginBottom={2} wrap="wrap">
              <Box as="h3" fontWeight="semibold">
                {t(kind)}
              </Box>
              {canChange && editing?.kind !== kind && (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => {
                    setDraft(null);
                    setEditing({ id: null, kind, charge: undefined });
                  }}
                >
                  {t(`add.${kind}`)}
                </Button>
              )}
            </Flex>
            <ChargeLines
              kind={kind}
              charges={list.filter((c) => c.kind === kind)}
              figures={figures.lines}
              baseCurrency={base}
              labelOf={labelOf}
              editingId={editing?.kind === kind ? (editing.id ?? draft?._id ?? '') : null}
              editor={editorFor(kind)}
              onEdit={canChange ? (charge) => setEditing({ id: charge._id, kind, charge }) : undefined}
              onDelete={canChange ? (charge) => setDeleting(charge) : undefined}
              phone={phone}
            />
          </Box>
        ))}
      </Stack>

      <ChargeTotals
        totals={figures.totals}
        baseCurrency={base}
        day={rates.day}
        lossReason={shipment.lossReason ? codeLabel(lossReasonOptions(picklists.data), shipment.lossReason) : null}
      />

      {deleting && (
        <ConfirmDialog
          title={t('deleteTitle')}
          body={t('deleteBody', { what: lineName(deleting, labelOf) })}
          confirmLabel={t('delete')}
          cancelLabel={t('cancel')}
          error={deleteError}
          onClose={() => {
            setDeleting(null);
            setDeleteError(undefined);
          }}
          onConfirm={() => {
            const what = lineName(deleting, labelOf);
            deleteCharge(client, shipment._id, deleting, number)
              .then(({ queued }) => {
                showToast({ status: queued ? 'info' : 'success', title: t(queued ? 'queued' : 'deleted', { what }) });
                setDeleting(null);
              })
              .catch((error: unknown) => setDeleteError(isApiError(error) ? error.message : String(error)));
          }}
        />
      )}
    </DetailSection>
  );
}

/** Which charge needs a rate, and where rates are set (for a role that may set them). */
function NoRateNotice({
  missing,
  charges,
  list,
  labelOf,
}: {
  missing: { currency: string; date: string }[];
  charges: TypedLine[];
  list: ListedCharge[];
  labelOf: (code: string) => string;
}) {
  const t = useChargesT();
  const canSetRates = useCan('masterData', 'update');
  const nameOf = (id: string) => {
    const stored = list.find((c) => c._id === id);
    return stored ? lineName(stored, labelOf) : t('chargeCode');
  };
  return (
    <Box
      role="alert"
      data-testid="charges-no-rate"
      borderWidth="1px"
      borderColor="orange.muted"
      bg="orange.subtle"
      borderRadius="l2"
      padding={3}
      marginBottom={3}
    >
      <Text fontWeight="semibold">{t('noRate.title')}</Text>
      <Stack as="ul" gap={1} marginY={2} paddingStart={4}>
        {missing.map(({ currency, date }) =>
          charges
            .filter((line) => line.currency === currency)
            .map((line) => (
              <li key={`${line._id}-${currency}`}>
                {t('noRate.line', { what: nameOf(line._id), currency, date: dayOf(date) })}
              </li>
            )),
        )}
      </Stack>
      {canSetRates ? (
        <Link asChild color="brand.fg" fontWeight="medium">
          <RouterLink to="/settings/currencies">{t('noRate.link')}</RouterLink>
        </Link>
      ) : (
        missing.map(({ currency, date }) => (
          <Text key={currency} textStyle="sm">
            {t('noRate.ask', { currency, date: dayOf(date) })}
          </Text>
        ))
      )}
      <Text textStyle="sm" color="fg.muted" marginTop={1}>
        {t('noRate.figures')}
      </Text>
    </Box>
  );
}
