import { Stack } from '@chakra-ui/react';
import { useWatch, type Path } from 'react-hook-form';
import { AirportPicker, ContactPicker, OceanPortPicker, PickerField } from '../../lib/pickers';
import { FormField, SelectInput, TextInput, SelectOptions } from '../../lib/resource-kit/form-field';
import type { Shipment } from '../../shared/contracts/shipments';
import {
  FREIGHT_PAYMENTS,
  INCOTERM_NAMES,
  INCOTERMS_2020,
  isSeaMode,
  SEA_ONLY_INCOTERMS,
  SHIPMENT_DIRECTIONS,
  SHIPMENT_MODES,
} from '../../shared/shipments/codes';
import { CargoSection } from './cargo-section';
import { ContainersSection } from './containers-section';
import type { ShipmentFormApi, ShipmentFormValues } from './form-values';
import { HistorySection } from './history-section';
import { TotalsPanel } from './totals-panel';
import { Columns, Section, errorAt } from './form-section';
import { useShipmentsT } from './strings';

/** Where a server error's `details[].path` may land (child rows' paths too, e.g. `containers.1.number`). */
export const FIELD_NAMES = [
  'mode',
  'direction',
  'customerId',
  'shipperId',
  'consigneeId',
  'notifyPartyId',
  'agentId',
  'carrierId',
  'incoterm',
  'incotermPlace',
  'freightPayment',
  'origin',
  'destination',
  'placeOfReceipt',
  'placeOfDelivery',
  'etd',
  'eta',
  'carrierBookingReference',
  'masterBillNumber',
  'houseBillNumber',
  'vesselName',
  'vesselImo',
  'voyage',
  'flightNumber',
  'containers',
  'cargo',
] as const satisfies readonly Path<ShipmentFormValues>[];

const orNull = (value: unknown) => (value === '' || value === undefined ? null : value);
const upperOrNull = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim().toUpperCase() : null);

/** A required field of codes, offered in words (the mode, the direction). */
function CodeField<Value extends string>({
  form,
  name,
  label,
  values,
  words,
}: {
  form: ShipmentFormApi;
  name: Path<ShipmentFormValues>;
  label: string;
  values: readonly Value[];
  words: (value: Value) => string;
}) {
  return (
    <FormField label={label} error={errorAt(form, name)}>
      {(control) => (
        <SelectInput {...control} {...form.register(name)}>
          <SelectOptions values={values} label={words} />
        </SelectInput>
      )}
    </FormField>
  );
}

/** A UN/LOCODE typed as it is (road places, places of receipt and delivery), kept in capitals or empty. */
function LocodeField({
  form,
  name,
  label,
  placeholder,
}: {
  form: ShipmentFormApi;
  name: 'origin' | 'destination' | 'placeOfReceipt' | 'placeOfDelivery';
  label: string;
  placeholder?: string;
}) {
  return (
    <FormField label={label} error={errorAt(form, name)}>
      {(control) => (
        <TextInput
          {...control}
          maxLength={5}
          autoCapitalize="characters"
          placeholder={placeholder}
          {...form.register(name, { setValueAs: upperOrNull })}
        />
      )}
    </FormField>
  );
}

export function ShipmentForm({ form, record }: { form: ShipmentFormApi; record: Shipment | undefined }) {
  const t = useShipmentsT();
  const mode = useWatch({ control: form.control, name: 'mode' });
  const sea = isSeaMode(mode);
  const air = mode === 'air';
  const err = (path: string) => errorAt(form, path);
  const register = form.register;
  const PlacePicker = air ? AirportPicker : OceanPortPicker;
  const billLabels = air
    ? [t('masterAwb'), t('houseAwb')]
    : sea
      ? [t('masterBill'), t('houseBill')]
      : [t('masterRoad'), t('houseRoad')];

  return (
    <Stack gap={4}>
      <Section id="overview" title={t('overview')}>
        <Columns columns={{ base: 1, sm: 2 }} gap={4}>
          <CodeField form={form} name="mode" label={t('mode')} values={SHIPMENT_MODES} words={(m) => t(`mode.${m}`)} />
          <CodeField
            form={form}
            name="direction"
            label={t('direction')}
            values={SHIPMENT_DIRECTIONS}
            words={(d) => t(`direction.${d}`)}
          />
          <FormField label={t('customer')} error={err('customerId')}>
            {(control) => <PickerField form={form} name="customerId" picker={ContactPicker} control={control} />}
          </FormField>
          <FormField label={t('carrierBookingReference')} error={err('carrierBookingReference')}>
            {(control) => <TextInput {...control} maxLength={35} {...register('carrierBookingReference')} />}
          </FormField>
          <FormField label={t('incoterm')} error={err('incoterm')}>
            {(control) => (
              <SelectInput {...control} {...register('incoterm', { setValueAs: orNull })}>
                <option value="">{t('noIncoterm')}</option>
                {INCOTERMS_2020.filter(
                  (code) => sea || !SEA_ONLY_INCOTERMS.includes(code) || form.getValues('incoterm') === code,
                ).map((code) => (
                  <option key={code} value={code}>
                    {`${code} · ${INCOTERM_NAMES[code]}`}
                  </option>
                ))}
              </SelectInput>
            )}
          </FormField>
          <FormField label={t('incotermPlace')} error={err('incotermPlace')}>
            {(control) => <TextInput {...control} {...register('incotermPlace')} />}
          </FormField>
          <FormField label={t('freightPayment')} error={err('freightPayment')}>
            {(control) => (
              <SelectInput {...control} {...register('freightPayment', { setValueAs: orNull })}>
                <option value="">{t('noFreightPayment')}</option>
                <SelectOptions values={FREIGHT_PAYMENTS} label={(p) => t(p)} />
              </SelectInput>
            )}
          </FormField>
          <FormField label={billLabels[0]!} error={err('masterBillNumber')}>
            {(control) => <TextInput {...control} {...register('masterBillNumber')} />}
          </FormField>
          <FormField label={billLabels[1]!} error={err('houseBillNumber')}>
            {(control) => <TextInput {...control} {...register('houseBillNumber')} />}
          </FormField>
        </Columns>
      </Section>

      <Section id="parties" title={t('parties')}>
        <Columns columns={{ base: 1, sm: 2 }} gap={4}>
          {(['shipperId', 'consigneeId', 'notifyPartyId', 'agentId', 'carrierId'] as const).map((name) => (
            <FormField key={name} label={t(name.replace(/Id$/, '') as 'shipper')} error={err(name)}>
              {(control) => (
                <PickerField form={form} name={name} picker={ContactPicker} control={control} empty={null} />
              )}
            </FormField>
          ))}
        </Columns>
      </Section>

      <Section id="route" title={t('routeAndDates')}>
        <Columns columns={{ base: 1, sm: 2 }} gap={4}>
          {(['origin', 'destination'] as const).map((name) =>
            mode === 'road' ? (
              <LocodeField key={name} form={form} name={name} label={t(name)} />
            ) : (
              <FormField key={`${name}-${air ? 'air' : 'sea'}`} label={t(name)} error={err(name)}>
                {(control) => (
                  <PickerField form={form} name={name} picker={PlacePicker} control={control} empty={null} />
                )}
              </FormField>
            ),
          )}
          {(['placeOfReceipt', 'placeOfDelivery'] as const).map((name) => (
            <LocodeField key={name} form={form} name={name} label={t(name)} placeholder="NLRTM" />
          ))}
          <FormField label={t('etd')} error={err('etd')}>
            {(control) => <TextInput {...control} type="date" {...register('etd', { setValueAs: orNull })} />}
          </FormField>
          <FormField label={t('eta')} error={err('eta')}>
            {(control) => <TextInput {...control} type="date" {...register('eta', { setValueAs: orNull })} />}
          </FormField>
          {sea && (
            <>
              <FormField label={t('vesselName')} error={err('vesselName')}>
                {(control) => <TextInput {...control} {...register('vesselName')} />}
              </FormField>
              <FormField label={t('vesselImo')} error={err('vesselImo')}>
                {(control) => <TextInput {...control} inputMode="numeric" {...register('vesselImo')} />}
              </FormField>
              <FormField label={t('voyage')} error={err('voyage')}>
                {(control) => <TextInput {...control} {...register('voyage')} />}
              </FormField>
            </>
          )}
          {air && (
            <FormField label={t('flightNumber')} error={err('flightNumber')}>
              {(control) => <TextInput {...control} placeholder="KL1234" {...register('flightNumber')} />}
            </FormField>
          )}
        </Columns>
      </Section>

      <ContainersSection form={form} sea={sea} />
      <CargoSection form={form} />
      <TotalsPanel control={form.control} />
      {record && <HistorySection record={record} />}
    </Stack>
  );
}
