// @vitest-environment jsdom
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { referenceDataQueries } from '../../lib/reference-data/reference-data';
import { SessionProvider } from '../../lib/session-context';
import { currentUserFixture } from '../../lib/session/current-user-fixture';
import type { Charge, ShipmentProfit } from '../../shared/contracts/shipment-charges';
import type { Shipment } from '../../shared/contracts/shipments';
import type { Permissions } from '../../shared/permissions';
import { chargesKey, companyCurrenciesQueryOptions, profitKey, shipmentPicklistsQueryOptions } from './charges-api';
import { ChargesSection } from './charges-section';

const SHIPMENT = {
  _id: '11111111-1111-4111-8111-111111111111',
  number: 'SEA-2026-00007',
  version: 3,
  status: 'booked',
  closed: false,
  lossReason: null,
  etd: '2026-03-02',
} as unknown as Shipment;

const at = '2026-03-01T10:00:00.000Z';
function charge(id: string, fields: Partial<Charge>): Charge {
  return {
    _id: id,
    version: 1,
    createdAt: at,
    updatedAt: at,
    shipmentId: SHIPMENT._id,
    kind: 'revenue',
    chargeCode: 'FRT',
    description: '',
    quantity: '1',
    unitPrice: '0',
    currency: 'EUR',
    amount: '0',
    partyId: null,
    partyName: null,
    ...fields,
  };
}

const CHARGES = [
  charge('a', { kind: 'revenue', chargeCode: 'FRT', unitPrice: '1500.00', amount: '1500.00', partyName: 'Acme' }),
  charge('b', { kind: 'cost', chargeCode: 'THC', unitPrice: '1200.00', currency: 'USD', amount: '1200.00' }),
];

const PROFIT: ShipmentProfit = {
  currency: 'EUR',
  revenue: '1500.00',
  cost: '1104.00',
  profit: '396.00',
  marginPercent: '26.40',
  rateDate: '2026-03-02',
  rates: [{ currency: 'USD', rate: '0.92', validFrom: '2026-01-01' }],
  lines: [],
};

const option = (value: string, label: string, sortOrder: number) => ({
  _id: `o-${value}`,
  module: 'shipments',
  group: 'charge-codes',
  value,
  label,
  sortOrder,
});

function renderSection(permissions: Permissions) {
  const client = createQueryClient();
  // What the screen holds once loaded; nothing is fetched again during a test.
  client.setDefaultOptions({ queries: { staleTime: Infinity, retry: false } });
  client.setQueryData(chargesKey(SHIPMENT._id), CHARGES);
  client.setQueryData(profitKey(SHIPMENT._id), PROFIT);
  client.setQueryData(shipmentPicklistsQueryOptions.queryKey, [
    option('FRT', 'Freight', 1),
    option('THC', 'Terminal handling', 2),
  ]);
  client.setQueryData(companyCurrenciesQueryOptions.queryKey, [
    {
      _id: 'cc1',
      version: 1,
      createdAt: at,
      updatedAt: at,
      code: 'USD',
      exchangeRate: '0.92',
      validFrom: '2026-01-01',
    },
  ]);
  client.setQueryData(referenceDataQueries.currencies.queryKey, [
    { _id: 'eur', code: 'EUR', number: '978', name: 'Euro', minorUnits: 2 },
    { _id: 'usd', code: 'USD', number: '840', name: 'US Dollar', minorUnits: 2 },
  ]);
  const user = currentUserFixture({ role: { _id: 'r1', name: 'Someone', permissions } });
  render(
    <ChakraProvider value={defaultSystem}>
      <QueryClientProvider client={client}>
        <SessionProvider session={{ isLoggedIn: true, user, company: user.company }}>
          <MemoryRouter>
            <ChargesSection shipment={SHIPMENT} />
          </MemoryRouter>
        </SessionProvider>
      </QueryClientProvider>
    </ChakraProvider>,
  );
}

const totals = () => screen.getByTestId('charges-totals');
const figure = (id: string) => totals().querySelector<HTMLElement>(`[data-figure="${id}"] p:last-child`)!;

describe('the charges section', () => {
  afterEach(cleanup);

  it('is not there for a role without shipments.charges (Operations)', () => {
    renderSection({ shipments: ['read', 'create', 'update', 'delete'] });
    expect(screen.queryByRole('heading', { name: 'Charges' })).toBeNull();
    expect(screen.queryByText('Revenue')).toBeNull();
  });

  it('shows revenue and cost apart, each line with its value in the base currency, and the margin', () => {
    renderSection({ shipments: ['read', 'charges'] });
    const revenue = screen.getByRole('table', { name: 'Revenue' });
    const cost = screen.getByRole('table', { name: 'Cost' });
    expect(within(revenue).getByText('Freight')).toBeTruthy();
    expect(within(revenue).getByText('Acme')).toBeTruthy();
    const thc = within(cost).getByTestId('charge-line');
    expect(within(thc).getByText('Terminal handling')).toBeTruthy();
    expect(within(thc).getByTestId('charge-base').textContent).toBe('€1,104.00');
    // The unit price and the amount, in the line's own currency.
    expect(within(thc).getAllByText('US$1,200.00')).toHaveLength(2);
    expect(totals().dataset.profit).toBe('396.00');
    expect(figure('profit').textContent).toBe('€396.00');
    expect(figure('margin').textContent).toBe('26.40 %');
    expect(figure('margin').dataset.loss).toBeUndefined();
  });

  it('updates the totals while a price is typed, and shows a loss in red', () => {
    renderSection({ shipments: ['read', 'charges'] });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Terminal handling' }));
    const editor = screen.getByRole('form', { name: 'Edit Terminal handling' });
    const price = within(editor).getByLabelText('Unit price');
    fireEvent.change(price, { target: { value: '1700' } });
    // 1,500.00 − 1,700 × 0.92 = −64.00, a margin of −4.27 %.
    expect(totals().dataset.profit).toBe('-64.00');
    expect(figure('profit').textContent).toBe('-€64.00');
    expect(figure('margin').textContent).toBe('-4.27 %');
    expect(figure('margin').dataset.loss).toBe('true');

    fireEvent.change(price, { target: { value: '1000,5' } });
    // A decimal comma reads as the point: 1,500.00 − 920.46 = 579.54.
    expect(totals().dataset.profit).toBe('579.54');
    fireEvent.click(within(editor).getByRole('button', { name: 'Cancel' }));
    expect(totals().dataset.profit).toBe('396.00');
  });

  it('offers the charge codes in words and the base and company currencies by name', () => {
    renderSection({ shipments: ['read', 'charges'] });
    fireEvent.click(screen.getByRole('button', { name: 'Add cost line' }));
    const editor = screen.getByRole('form', { name: 'Add cost line' });
    const codes = within(editor).getByLabelText('Charge') as HTMLSelectElement;
    expect([...codes.options].map((o) => o.text)).toEqual(['Choose a charge', 'Freight', 'Terminal handling']);
    const currency = within(editor).getByLabelText('Currency') as HTMLSelectElement;
    expect([...currency.options].map((o) => o.value)).toEqual(['EUR', 'USD']);
    expect(currency.value).toBe('EUR');
    expect(currency.options[1]?.text).toMatch(/^USD · US [Dd]ollar$/);
  });
});
