import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { isApiError, type ApiError } from '../../lib/api/api-error';
import { formatNumber } from '../../lib/i18n/format';
import { picklistOptionLabel } from '../../lib/i18n/system-records';
import { SaveConflictDialog } from '../../lib/resource-kit/conflict-dialog';
import { FormField, SelectInput } from '../../lib/resource-kit/form-field';
import { useCan } from '../../lib/resource-kit/permission-gate';
import { useConflictAwareSave } from '../../lib/resource-kit/use-conflict-aware-save';
import { ModalDialog } from '../../lib/ui/modal-dialog';
import { showToast } from '../../lib/ui/toast-store';
import { ERROR_CODES } from '../../shared/api-envelope';
import type { Shipment } from '../../shared/contracts/shipments';
import { isLoss } from '../../shared/shipments/money';
import { shipmentsResource } from './api';
import { money } from './charge-lines';
import { chargesT, useChargesT } from './charge-strings';
import {
  lossReasonOptions,
  missingRatesOf,
  profitKey,
  profitQueryOptions,
  shipmentPicklistsQueryOptions,
} from './charges-api';
import { dayOf, numberOf } from './shipment-labels';
import { useShipmentsT } from './strings';

type Values = { lossReason: string };
type Outcome = { saved: Shipment } | { refused: ApiError };

/** The refusals closing may meet (409), in words; the codes travel, the words are the screen's. */
const REFUSALS = new Set<string>([
  ERROR_CODES.NO_REVENUE,
  ERROR_CODES.NO_RATE,
  ERROR_CODES.LOSS_REASON_REQUIRED,
  ERROR_CODES.SHIPMENT_CLOSED,
]);

/** Why the service would not close (or reopen) the job, in words. */
export function refusalText(error: ApiError): string {
  if (error.code === ERROR_CODES.NO_RATE) {
    const details = missingRatesOf(error)
      .map((d) => `${d.currency}, ${dayOf(d.date)}`)
      .join('; ');
    return chargesT('refusal.NO_RATE', { details: details || error.message });
  }
  if (REFUSALS.has(error.code)) return chargesT(`refusal.${error.code}` as 'refusal.NO_REVENUE');
  return chargesT('refusal.other', { message: error.message });
}

/**
 * Closing a job (`PATCH { closed: true }`), or reopening a closed one: the service checks the money first and
 * answers 409 with the reason (no revenue line, a currency without a rate, a loss without its reason). A role
 * that sees the charges is shown the profit and, for a loss, asked the reason at once; any role is asked it when
 * the service says a reason is needed.
 */
export function CloseJobDialog({ shipment, onClose }: { shipment: Shipment; onClose: () => void }) {
  const t = useChargesT();
  const shipmentsT = useShipmentsT();
  const client = useQueryClient();
  const reopening = shipment.closed;
  const seesMoney = useCan('shipments', 'charges');
  const profit = useQuery({ ...profitQueryOptions(shipment._id), enabled: seesMoney && !reopening });
  const picklists = useQuery(shipmentPicklistsQueryOptions);
  const reasons = lossReasonOptions(picklists.data);
  const [refusal, setRefusal] = useState<ApiError>();
  const form = useForm<Values>({ defaultValues: { lossReason: '' } });
  const loss = (profit.data !== undefined && isLoss(profit.data)) || refusal?.code === ERROR_CODES.LOSS_REASON_REQUIRED;
  const number = numberOf(shipment);

  const save = useConflictAwareSave<Values, Values & { version?: number }, Outcome>({
    form: form as unknown as UseFormReturn<Values>,
    fieldNames: ['lossReason'],
    save: async ({ lossReason, version }) => {
      try {
        const saved = await shipmentsResource.update(shipment._id, {
          version: version ?? shipment.version,
          closed: !reopening,
          ...(!reopening && loss && lossReason ? { lossReason } : {}),
        });
        return { saved };
      } catch (error) {
        if (isApiError(error) && error.status === 409 && error.code !== ERROR_CODES.VERSION_CONFLICT)
          return { refused: error };
        throw error;
      }
    },
    onSaved: (outcome) => {
      if ('refused' in outcome) {
        setRefusal(outcome.refused);
        void client.invalidateQueries({ queryKey: profitKey(shipment._id) });
        return;
      }
      client.setQueryData(shipmentsResource.keys.item(shipment._id), outcome.saved);
      void client.invalidateQueries({ queryKey: shipmentsResource.keys.lists });
      showToast({ status: 'success', title: t(reopening ? 'close.reopened' : 'close.closed', { number }) });
      onClose();
    },
  });

  const submit = form.handleSubmit((values) => {
    if (!reopening && loss && !values.lossReason) {
      form.setError('lossReason', { type: 'required', message: t('close.chooseReason') });
      return;
    }
    return save.submit(values);
  });

  const margin = profit.data?.marginPercent;
  return (
    <>
      <ModalDialog
        title={t(reopening ? 'close.reopenTitle' : 'close.title', { number })}
        onClose={onClose}
        maxWidth="md"
      >
        <form
          noValidate
          onSubmit={(event) => void submit(event)}
          aria-label={t(reopening ? 'close.reopen' : 'close.open')}
        >
          <Stack gap={4}>
            <Text>{t(reopening ? 'close.reopenBody' : 'close.body')}</Text>
            {!reopening && profit.data && (
              <Text data-testid="close-figures" color={isLoss(profit.data) ? 'fg.error' : undefined}>
                {t('close.figures', {
                  profit: money(profit.data.profit, profit.data.currency),
                  margin:
                    margin != null
                      ? `${formatNumber(margin as `${number}`, { minimumFractionDigits: 2 })} %`
                      : t('noMargin'),
                })}
              </Text>
            )}
            {!reopening && loss && (
              <>
                <Text>{t('close.loss')}</Text>
                <FormField label={t('close.lossReason')} error={form.formState.errors.lossReason?.message}>
                  {(control) => (
                    <SelectInput {...control} {...form.register('lossReason')}>
                      <option value="">{t('close.chooseReason')}</option>
                      {reasons.map((o) => (
                        <option key={o._id} value={o.value}>
                          {picklistOptionLabel(o)}
                        </option>
                      ))}
                    </SelectInput>
                  )}
                </FormField>
              </>
            )}
            {refusal && refusal.code !== ERROR_CODES.LOSS_REASON_REQUIRED && (
              <Text role="alert" color="fg.error" data-refusal={refusal.code}>
                {refusalText(refusal)}
              </Text>
            )}
            {save.formError && (
              <Text role="alert" color="fg.error">
                {save.formError}
              </Text>
            )}
            <Flex justifyContent="flex-end" gap={2} wrap="wrap">
              <Button variant="outline" onClick={onClose}>
                {t('cancel')}
              </Button>
              <Button type="submit" colorPalette="brand" loading={save.busy}>
                {t(reopening ? 'close.reopenConfirm' : 'close.confirm')}
              </Button>
            </Flex>
          </Stack>
        </form>
      </ModalDialog>
      <SaveConflictDialog
        save={save}
        noun={shipmentsT('noun')}
        onReload={() => {
          void client.invalidateQueries({ queryKey: shipmentsResource.keys.item(shipment._id) });
          onClose();
        }}
      />
    </>
  );
}
