import { Button, Flex, Text, chakra } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { ContactPicker, PickerField } from '../../lib/pickers';
import { SaveConflictDialog } from '../../lib/resource-kit/conflict-dialog';
import { FormField, SelectInput, TextInput } from '../../lib/resource-kit/form-field';
import { formResolver } from '../../lib/resource-kit/form-resolver';
import { useConflictAwareSave } from '../../lib/resource-kit/use-conflict-aware-save';
import { showToast } from '../../lib/ui/toast-store';
import { createChargeBody, type Charge, type ChargeKind } from '../../shared/contracts/shipment-charges';
import type { DropdownOption } from '../../shared/contracts/master-reference';
import { picklistOptionLabel } from '../../lib/i18n/system-records';
import { useChargesT } from './charge-strings';
import { typedDecimal, type TypedLine } from './charge-totals';
import { addCharge, chargesKey, newChargeId, updateCharge, type ChargeWriteOutcome } from './charges-api';
import { Columns } from './form-section';

/** The editor's form: the contract's create body without `_id`, numbers as typed. */
const chargeFormSchema = createChargeBody.omit({ _id: true });
export type ChargeFormValues = {
  kind: ChargeKind;
  chargeCode: string;
  description: string;
  quantity: string;
  unitPrice: string;
  currency: string;
  partyId: string | null;
};
type Body = ReturnType<typeof chargeFormSchema.parse>;

const FIELD_NAMES = ['chargeCode', 'description', 'quantity', 'unitPrice', 'currency', 'partyId', 'kind'] as const;

/** A number as the service takes it ("12,5" → "12.5"), or the text as typed so that its rule says what is wrong. */
const asDecimal = (value: unknown) => (typeof value === 'string' ? (typedDecimal(value) ?? value.trim()) : value);

export interface CurrencyChoice {
  code: string;
  name: string;
}

/**
 * One charge line edited in place (a table row's place, or a card on a phone): the charge code from the
 * company's picklist, the currency from the base and company currencies, the numbers typed with a point or a
 * comma. While typing, `onDraft` hands the line to the section, whose totals follow each keystroke.
 */
export function ChargeEditor({
  shipmentId,
  shipmentNumber,
  kind,
  charge,
  codes,
  currencies,
  baseCurrency,
  onDraft,
  onDone,
}: {
  shipmentId: string;
  shipmentNumber: string;
  kind: ChargeKind;
  /** The stored line; absent for a new one. */
  charge: Charge | undefined;
  codes: DropdownOption[];
  currencies: CurrencyChoice[];
  baseCurrency: string;
  onDraft: (line: TypedLine | null) => void;
  onDone: () => void;
}) {
  const t = useChargesT();
  const client = useQueryClient();
  const id = useRef(charge?._id ?? newChargeId()).current;
  const form = useForm<ChargeFormValues, unknown, Body>({
    resolver: formResolver(chargeFormSchema as never),
    defaultValues: {
      kind,
      chargeCode: charge?.chargeCode ?? '',
      description: charge?.description ?? '',
      quantity: charge?.quantity ?? '1',
      unitPrice: charge?.unitPrice ?? '',
      currency: charge?.currency ?? baseCurrency,
      partyId: charge?.partyId ?? null,
    },
    mode: 'onTouched',
  });
  const watched = useWatch({ control: form.control });
  useEffect(() => {
    onDraft({
      _id: id,
      kind,
      quantity: String(watched.quantity ?? ''),
      unitPrice: String(watched.unitPrice ?? ''),
      currency: watched.currency ?? baseCurrency,
    });
  }, [watched.quantity, watched.unitPrice, watched.currency, id, kind, baseCurrency, onDraft]);
  useEffect(() => () => onDraft(null), [onDraft]);

  const describe = (body: { chargeCode: string }) =>
    codeLabel(codes, body.chargeCode, (code) => t('unknownCode', { code }));
  const save = useConflictAwareSave<ChargeFormValues, Body, ChargeWriteOutcome>({
    form: form as unknown as UseFormReturn<ChargeFormValues>,
    fieldNames: FIELD_NAMES,
    save: (body) =>
      charge
        ? // An overwrite after a conflict carries the stored version; a first save the one edited here.
          updateCharge(client, shipmentId, charge, { version: charge.version, ...body }, shipmentNumber)
        : addCharge(client, shipmentId, { ...body, _id: id }, shipmentNumber),
    onSaved: (outcome) => {
      const what = describe(form.getValues());
      showToast(
        'queued' in outcome
          ? { status: 'info', title: t('queued', { what }) }
          : { status: 'success', title: t('saved', { what }) },
      );
      onDone();
    },
  });

  const register = form.register;
  const err = (name: keyof ChargeFormValues) => form.formState.errors[name]?.message;
  const knownCode = codes.some((o) => o.value === charge?.chargeCode);
  return (
    <>
      <chakra.form
        noValidate
        data-testid="charge-editor"
        aria-label={charge ? t('editLine', { what: describe(charge) }) : t(`add.${kind}`)}
        borderWidth="1px"
        borderStyle="dashed"
        borderRadius="l2"
        padding={3}
        onSubmit={(event) => void form.handleSubmit((body) => save.submit(body))(event)}
      >
        <Columns columns={{ base: 1, sm: 2, lg: 4 }} gap={3} alignItems="start">
          <FormField label={t('chargeCode')} error={err('chargeCode')}>
            {(control) => (
              <SelectInput {...control} {...register('chargeCode')}>
                <option value="">{t('chooseCode')}</option>
                {charge && !knownCode && (
                  <option value={charge.chargeCode}>{t('unknownCode', { code: charge.chargeCode })}</option>
                )}
                {codes.map((o) => (
                  <option key={o._id} value={o.value}>
                    {picklistOptionLabel(o)}
                  </option>
                ))}
              </SelectInput>
            )}
          </FormField>
          <FormField label={t('description')} error={err('description')}>
            {(control) => <TextInput {...control} maxLength={200} {...register('description')} />}
          </FormField>
          <FormField label={t(kind === 'revenue' ? 'partyRevenue' : 'partyCost')} error={err('partyId')}>
            {(control) => (
              <PickerField
                form={form as unknown as UseFormReturn<ChargeFormValues>}
                name="partyId"
                picker={ContactPicker}
                control={control}
                empty={null}
              />
            )}
          </FormField>
          <FormField label={t('currency')} error={err('currency')}>
            {(control) => (
              <SelectInput {...control} {...register('currency')}>
                {currencies.map((c) => (
                  <option key={c.code} value={c.code}>
                    {`${c.code} · ${c.name}`}
                  </option>
                ))}
              </SelectInput>
            )}
          </FormField>
          <FormField label={t('quantity')} error={err('quantity')}>
            {(control) => (
              <TextInput {...control} inputMode="decimal" {...register('quantity', { setValueAs: asDecimal })} />
            )}
          </FormField>
          <FormField label={t('unitPrice')} error={err('unitPrice')} hint={t('notDecimal')}>
            {(control) => (
              <TextInput {...control} inputMode="decimal" {...register('unitPrice', { setValueAs: asDecimal })} />
            )}
          </FormField>
        </Columns>
        {save.formError && (
          <Text role="alert" color="fg.error" textStyle="sm" marginTop={2}>
            {save.formError}
          </Text>
        )}
        <Flex gap={2} marginTop={3} justifyContent="flex-end" wrap="wrap">
          <Button variant="outline" size="sm" onClick={onDone} disabled={save.busy}>
            {t('cancel')}
          </Button>
          <Button type="submit" size="sm" colorPalette="brand" loading={save.busy}>
            {t('save')}
          </Button>
        </Flex>
      </chakra.form>
      {/* Outside the form: none of its buttons may submit it. */}
      <SaveConflictDialog
        save={save}
        noun={t('noun')}
        onReload={() => {
          void client.invalidateQueries({ queryKey: chargesKey(shipmentId) });
          onDone();
        }}
      />
    </>
  );
}

/** A charge code in words: its picklist label (in the user's language while it is the seed's), else the code. */
export function codeLabel(
  codes: readonly DropdownOption[],
  code: string,
  unknown: (code: string) => string = (c) => c,
): string {
  const option = codes.find((o) => o.value === code);
  return option ? picklistOptionLabel(option) : unknown(code);
}
