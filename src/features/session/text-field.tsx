import { Stack, chakra, type HTMLChakraProps } from '@chakra-ui/react';
import { useId } from 'react';
import { PlainInput } from './plain-input';

/** A labelled PlainInput (a plain <label htmlFor>, see plain-input.tsx for why not Chakra's Field). */
export function TextField({ label, ...input }: { label: string } & HTMLChakraProps<'input'>) {
  const id = useId();
  return (
    <Stack gap={1.5}>
      <chakra.label htmlFor={id} textStyle="sm" fontWeight="medium">
        {label}
      </chakra.label>
      <PlainInput id={id} {...input} />
    </Stack>
  );
}

/** A form-level message: an alert for errors, a polite status otherwise. */
export function FormMessage({ tone, children }: { tone: 'error' | 'info'; children: string }) {
  return (
    <chakra.p
      role={tone === 'error' ? 'alert' : 'status'}
      textStyle="sm"
      color={tone === 'error' ? 'fg.error' : 'fg.muted'}
    >
      {children}
    </chakra.p>
  );
}
