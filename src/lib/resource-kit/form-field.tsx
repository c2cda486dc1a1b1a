import { Stack, Text, chakra, useRecipe, type HTMLChakraProps } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';

/**
 * A labelled control with its error under it (the field's own zod message or the server's
 * `details[].path` message), wired for screen readers with `aria-invalid` and `aria-describedby`.
 * `children` receives the control's id and aria props; TextInput and SelectInput below are the usual ones.
 */
export function FormField({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string | undefined;
  hint?: string;
  children: (control: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const messageId = `${id}-message`;
  const message = error ?? hint;
  return (
    <Stack gap={1.5} flex="1">
      <chakra.label htmlFor={id} textStyle="sm" fontWeight="medium">
        {label}
      </chakra.label>
      {children({ id, 'aria-invalid': Boolean(error), ...(message ? { 'aria-describedby': messageId } : {}) })}
      {message && (
        <Text id={messageId} textStyle="sm" color={error ? 'fg.error' : 'fg.muted'}>
          {message}
        </Text>
      )}
    </Stack>
  );
}

/** A native input in the theme's input style. */
export function TextInput(props: HTMLChakraProps<'input'>) {
  const css = useRecipe({ key: 'input' })({ size: 'md', variant: 'outline' });
  return <chakra.input css={css} {...props} />;
}

/** A native select in the theme's `select` style: the input's look, with a chevron. */
export function SelectInput(props: HTMLChakraProps<'select'>) {
  const css = useRecipe({ key: 'select' })({ size: 'md' });
  return <chakra.select css={css} {...props} />;
}

/** A select's `<option>`s, one per value, each showing `label(value)` (the value itself without one). */
export function SelectOptions<Value extends string>({
  values,
  label,
}: {
  values: readonly Value[];
  label?: (value: Value) => ReactNode;
}) {
  return values.map((value) => (
    <option key={value} value={value}>
      {label ? label(value) : value}
    </option>
  ));
}
