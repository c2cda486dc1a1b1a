import { Flex } from '@chakra-ui/react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormField } from '../resource-kit/form-field';
import { PickerField } from './picker-field';
import { CurrencyPicker, TimeZonePicker } from './pickers';

type FieldError = { message?: string | undefined } | undefined;

/**
 * A company's currency and time zone, side by side on a wide screen: the same two pickers in the company's
 * settings and in the app admin's new-company form, bound to their `currency` and `timezone` fields.
 */
export function CurrencyTimeZoneFields<V extends FieldValues>({
  form,
  errors,
  label,
}: {
  form: { control: Control<V, unknown, never> } | { control: Control<V> };
  errors: { currency?: FieldError; timezone?: FieldError };
  /** The screen's words for the two fields (its translator: both screens name them `currency` and `timezone`). */
  label: (field: 'currency' | 'timezone') => string;
}) {
  return (
    <Flex gap={4} direction={{ base: 'column', md: 'row' }}>
      <FormField label={label('currency')} error={errors.currency?.message}>
        {(control) => (
          <PickerField form={form} name={'currency' as FieldPath<V>} picker={CurrencyPicker} control={control} />
        )}
      </FormField>
      <FormField label={label('timezone')} error={errors.timezone?.message}>
        {(control) => (
          <PickerField form={form} name={'timezone' as FieldPath<V>} picker={TimeZonePicker} control={control} />
        )}
      </FormField>
    </Flex>
  );
}
