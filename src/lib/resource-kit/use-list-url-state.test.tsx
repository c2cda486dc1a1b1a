// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { useState } from 'react';
import { Link, RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { useListUrlState, useSettledSearch } from './use-list-url-state';

/** A list whose search the test settles by hand (the debounce's job in ResourceList). */
let settle: (value: string) => void = () => undefined;
function List() {
  const [state, update] = useListUrlState(['name']);
  const [settled, setSettled] = useState(state.search);
  settle = setSettled;
  useSettledSearch(settled, state.search, update);
  return <Link to="/roles/7">Role 7</Link>;
}

/** A record screen whose code is still loading until `arrive` is called (a lazy route). */
function renderList() {
  let arrive: () => void = () => undefined;
  const loaded = new Promise<void>((resolve) => (arrive = resolve));
  const router = createMemoryRouter(
    [
      { path: '/roles', element: <List /> },
      {
        path: '/roles/:id',
        lazy: async () => {
          await loaded;
          return { element: <h1>Role</h1> };
        },
      },
    ],
    { initialEntries: ['/roles'] },
  );
  const view = render(<RouterProvider router={router} />);
  return { router, view, arrive: () => act(async () => arrive()) };
}

describe('useSettledSearch', () => {
  afterEach(cleanup);

  it('writes a settled search into the URL, replacing the entry', async () => {
    const { router } = renderList();
    await act(async () => settle('reefer'));
    expect(router.state.location.pathname).toBe('/roles');
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('reefer');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('does not cancel a row clicked within the debounce while its screen loads', async () => {
    const { router, view, arrive } = renderList();
    await act(async () => view.getByText('Role 7').click());
    expect(router.state.navigation.state).toBe('loading');
    // The search settles while the record's code is still on its way.
    await act(async () => settle('reefer'));
    await arrive();
    expect(router.state.location.pathname).toBe('/roles/7');
    expect(await view.findByRole('heading', { name: 'Role' })).toBeTruthy();
  });
});
