import type { ComponentType } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import type { SearchComboboxProps } from './search-combobox';

/** What a picker takes besides its list: the combobox's own props. */
type PickerComponentProps = Omit<
  SearchComboboxProps<never>,
  'search' | 'find' | 'codeOf' | 'labelOf' | 'detailOf' | 'loading' | 'maxResults'
>;

/**
 * A picker bound to a react-hook-form field: the field holds the code, and clearing the picker stores
 * `empty` ('' for a required code, null for an optional one). `control` is FormField's id and aria props.
 */
export function PickerField<V extends FieldValues, P extends PickerComponentProps>({
  form,
  name,
  picker: Picker,
  control,
  empty = '',
  onPicked,
  ...rest
}: {
  form: { control: Control<V, unknown, never> } | { control: Control<V> };
  name: FieldPath<V>;
  picker: ComponentType<P>;
  control: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string };
  empty?: '' | null;
  onPicked?: (code: string | null) => void;
} & Omit<P, keyof PickerComponentProps | 'value' | 'onChange'> &
  Partial<Pick<PickerComponentProps, 'placeholder' | 'disabled'>>) {
  return (
    <Controller
      control={form.control as Control<V>}
      name={name}
      render={({ field }) => (
        <Picker
          {...(rest as unknown as P)}
          {...control}
          name={field.name}
          value={(field.value as string | null | undefined) ?? null}
          onChange={(code: string | null) => {
            field.onChange(code ?? empty);
            onPicked?.(code);
          }}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}
