/**
 * PostgreSQL refuses the NUL character (U+0000) in text, so a NUL that reached a query would answer 500.
 * Every request part the services read (query, params, JSON body) is checked once, where requests are
 * validated (`build-service-app.ts`), and refused as 400 VALIDATION_FAILED naming where the NUL was.
 */

const NUL = '\u0000';

/**
 * The path (`a/0/b`, as in a JSON pointer without the leading slash) of the first string, or object key,
 * that holds a NUL; undefined when there is none. Walks without recursion, so a deeply nested body
 * cannot exhaust the stack.
 */
export function findNul(value: unknown): string | undefined {
  // Each entry links to its parent, so the path is spelled out only for the NUL found, never copied per step.
  interface Step {
    value: unknown;
    key: string;
    parent: Step | undefined;
  }
  const pathOf = (step: Step | undefined, last?: string): string => {
    const keys: string[] = last === undefined ? [] : [last];
    for (let s = step; s?.parent; s = s.parent) keys.push(s.key);
    return keys.reverse().join('/');
  };
  const stack: Step[] = [{ value, key: '', parent: undefined }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    const current = step.value;
    if (typeof current === 'string') {
      if (current.includes(NUL)) return pathOf(step);
      continue;
    }
    if (current === null || typeof current !== 'object' || Buffer.isBuffer(current)) continue;
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], key: String(i), parent: step });
      continue;
    }
    for (const [key, child] of Object.entries(current)) {
      if (key.includes(NUL)) return pathOf(step, key.replaceAll(NUL, '\\u0000'));
      stack.push({ value: child, key, parent: step });
    }
  }
  return undefined;
}

export const NUL_MESSAGE = 'must not contain the NUL character (\\u0000)';

/** A validation error in the shape Fastify's validation step produces (`validation[]` + context). */
export function nulValidationError(where: string, context?: string): Error {
  const error = new Error(`The request is not valid: ${where || 'value'} ${NUL_MESSAGE}`) as Error & {
    validation: Array<{ instancePath: string; message: string }>;
    validationContext?: string;
    statusCode: number;
  };
  error.validation = [{ instancePath: where ? `/${where}` : '', message: NUL_MESSAGE }];
  error.statusCode = 400;
  if (context) error.validationContext = context;
  return error;
}
