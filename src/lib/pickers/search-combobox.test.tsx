// @vitest-environment jsdom
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildPlaceIndex, oceanPortKeys, searchPlaces } from '../../shared/place-search';
import { SearchCombobox } from './search-combobox';

const port = (locode: string, name: string, functions = '1-------') => ({
  locode,
  country: locode.slice(0, 2),
  name,
  nameAscii: name.normalize('NFD').replace(/\p{M}/gu, ''),
  subdivision: '',
  functions,
});
type Port = ReturnType<typeof port>;
const ROWS = [
  port('NLRTM', 'Rotterdam', '12345---'),
  port('HNRTM', 'Mahogany Bay', '1-3-----'),
  port('BRSSZ', 'Santos'),
  port('BRSAO', 'São Paulo', '1234----'),
  port('DECGN', 'Köln', '1234----'),
];
const index = buildPlaceIndex(ROWS, oceanPortKeys);
const search = (term: string) => searchPlaces(index, { search: term });

function Harness({ onChange }: { onChange: (code: string | null) => void }) {
  const [value, setValue] = useState<string | null>('BRSSZ');
  return (
    <ChakraProvider value={defaultSystem}>
      <label htmlFor="port">Port</label>
      <SearchCombobox<Port>
        id="port"
        value={value}
        onChange={(code) => {
          setValue(code);
          onChange(code);
        }}
        search={search}
        find={(code) => ROWS.find((r) => r.locode === code)}
        codeOf={(r) => r.locode}
        labelOf={(r) => `${r.name} (${r.locode})`}
      />
    </ChakraProvider>
  );
}

afterEach(cleanup);

describe('the search combobox', () => {
  it('shows the chosen row, ranks matches with the shared rule, and chooses by keyboard', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Port' });
    expect(input).toHaveProperty('value', 'Santos (BRSSZ)');

    fireEvent.change(input, { target: { value: 'rtm' } });
    const options = screen.getAllByRole('option');
    // An exact code first, the busier port of the two sharing RTM first.
    expect(options.map((o) => o.textContent)).toEqual(['Rotterdam (NLRTM)', 'Mahogany Bay (HNRTM)']);
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id);

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith('HNRTM');
    expect(input).toHaveProperty('value', 'Mahogany Bay (HNRTM)');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('ignores case and diacritics, restores the choice on Escape, and clears on an empty field', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Port' });
    fireEvent.change(input, { target: { value: 'sao paulo' } });
    expect(screen.getAllByRole('option')[0]!.textContent).toBe('São Paulo (BRSAO)');
    fireEvent.change(input, { target: { value: 'KOLN' } });
    expect(screen.getAllByRole('option')[0]!.textContent).toBe('Köln (DECGN)');

    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input).toHaveProperty('value', 'Santos (BRSSZ)');
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('says when nothing matches', () => {
    render(<Harness onChange={vi.fn()} />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Port' }), { target: { value: 'zzzz' } });
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(screen.getByText('No match')).toBeTruthy();
  });
});
