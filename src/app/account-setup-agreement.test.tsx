// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, matchRoutes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { setupSteps } from '../lib/account-setup';
import { createQueryClient } from '../lib/query-client';
import { SessionProvider } from '../lib/session-context';
import { currentUserFixture } from '../lib/session/current-user-fixture';
import SetupWidget from '../features/dashboard/setup-widget';
import { DASHBOARD_KEY } from '../features/dashboard/dashboard-api';
import { SetupPanel } from '../features/settings/company/company-screen';
import { getAppSystem } from './chakra-system';
import { routes } from './routes';

/** A half set-up company (profile done, currency not), its admin allowed to read users and contacts. */
const USER = currentUserFixture(
  { role: { _id: 'r1', name: 'Admin', permissions: { users: ['read'], contacts: ['read'] } } },
  { currency: '', address: { line1: 'Kade 1' }, phone: '+31 10 000 0000', account_setup: false },
);

/** Both places, with the same facts already known: 3 users, no contact yet. */
function renderBoth() {
  const client = createQueryClient();
  client.setQueryData([...DASHBOARD_KEY, 'users'], { data: [], meta: { total: 3 } });
  client.setQueryData([...DASHBOARD_KEY, 'contacts'], 0);
  client.setQueryData(['company', 'c1', 'user-count'], 3);
  client.setQueryData(['company', 'c1', 'contact-count'], 0);
  render(
    <ChakraProvider value={getAppSystem()}>
      <QueryClientProvider client={client}>
        <SessionProvider session={{ isLoggedIn: true, user: USER, company: USER.company }}>
          <MemoryRouter>
            <div data-testid="dashboard">
              <SetupWidget />
            </div>
            <div data-testid="company">
              <SetupPanel company={USER.company as Parameters<typeof SetupPanel>[0]['company']} />
            </div>
          </MemoryRouter>
        </SessionProvider>
      </QueryClientProvider>
    </ChakraProvider>,
  );
}

/** What a user sees of each step: its words, whether it is done, and where its link goes. */
function stepsShown(container: HTMLElement) {
  return [...container.querySelectorAll<HTMLElement>('li[data-step]')].map((item) => ({
    id: item.dataset.step,
    done: item.dataset.done,
    text: item.textContent,
    href: item.querySelector('a')?.getAttribute('href') ?? null,
  }));
}

describe('the account-setup checklist', () => {
  afterEach(cleanup);

  it('is the same on the dashboard and on the company screen', () => {
    renderBoth();
    const dashboard = stepsShown(screen.getByTestId('dashboard'));
    expect(dashboard).toEqual([
      { id: 'profile', done: 'true', text: '✓Complete the company profile (address and phone)', href: null },
      { id: 'currency', done: 'false', text: '○Choose the base currency and time zone', href: '/settings/company' },
      { id: 'team', done: 'true', text: '✓Invite a colleague', href: null },
      { id: 'contact', done: 'false', text: '○Add your first contact', href: '/contacts' },
    ]);
    expect(stepsShown(screen.getByTestId('company'))).toEqual(dashboard);
    for (const place of ['dashboard', 'company'])
      expect(within(screen.getByTestId(place)).getByText('2 of 4 done')).toBeTruthy();
  });

  it('links every step to a screen of the app, not to the not-found page', () => {
    for (const step of setupSteps({ company: { address: {}, phone: '', currency: '', timezone: '' } })) {
      const leaf = matchRoutes(routes, step.to)?.at(-1)?.route;
      expect([step.to, leaf?.path]).not.toEqual([step.to, '*']);
      expect(leaf, step.to).toBeDefined();
    }
  });
});
