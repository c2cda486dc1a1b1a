// @vitest-environment jsdom
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SelectInput, SelectOptions } from './form-field';

describe('select options', () => {
  afterEach(cleanup);

  it('offers one option per value, in order, showing its label or else the value itself', () => {
    render(
      <ChakraProvider value={defaultSystem}>
        <SelectInput aria-label="Priority" defaultValue="high">
          <SelectOptions values={['low', 'high'] as const} label={(value) => value.toUpperCase()} />
        </SelectInput>
        <SelectInput aria-label="Code">
          <SelectOptions values={['EUR', 'USD']} />
        </SelectInput>
      </ChakraProvider>,
    );
    const priority = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Priority' });
    expect([...priority.options].map((option) => [option.value, option.text])).toEqual([
      ['low', 'LOW'],
      ['high', 'HIGH'],
    ]);
    expect(priority.value).toBe('high');
    const code = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Code' });
    expect([...code.options].map((option) => [option.value, option.text])).toEqual([
      ['EUR', 'EUR'],
      ['USD', 'USD'],
    ]);
  });
});
