/**
 * The zod resolver of every kit form, with messages written for people: the shared schemas keep zod's
 * default texts (the server's `details[].message`, read by programs), while a form says "Required"
 * rather than "Too small: expected string to have >=1 characters".
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { kitT } from './strings';

type Issue = Parameters<z.core.$ZodErrorMap>[0];

/** Words for one zod issue; undefined leaves zod's own message. */
export function friendlyMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string')
        return issue.minimum === 1 ? kitT('form.required') : kitT('form.atLeast', { count: Number(issue.minimum) });
      return undefined;
    case 'too_big':
      if (issue.origin === 'string') return kitT('form.atMost', { count: Number(issue.maximum) });
      return undefined;
    case 'invalid_format':
      if (issue.format === 'email') return kitT('form.email');
      return undefined;
    case 'invalid_type':
      return issue.input === undefined || issue.input === '' ? kitT('form.required') : undefined;
    case 'unrecognized_keys':
      return undefined;
    default:
      return undefined;
  }
}

/** `zodResolver(schema)` with the friendly messages; the form's values are the schema's input. */
export function formResolver<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
): Resolver<Input, unknown, Output> {
  return zodResolver(schema, { error: (issue: Issue) => friendlyMessage(issue) }) as Resolver<Input, unknown, Output>;
}
