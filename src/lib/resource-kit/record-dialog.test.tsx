// @vitest-environment jsdom
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { SessionProvider } from '../session-context';
import { RecordDialog } from './record-dialog';
import { newestCopy } from './resource-screen';

const schema = z.object({ name: z.string() });

const save = vi.fn((body: { name: string }) => Promise.resolve({ _id: 'r1', version: 9, ...body }));

function dialog(revision: number, name: string) {
  return (
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter initialEntries={['/contacts']}>
        <SessionProvider session={{ isLoggedIn: true }}>
          <RecordDialog
            title="Rotterdam Reefers"
            noun="contact"
            schema={schema}
            defaultValues={{ name }}
            revision={revision}
            fieldNames={['name']}
            save={save}
            onSaved={vi.fn()}
            onClose={vi.fn()}
          >
            {(form) => <input aria-label="Name" {...form.register('name')} />}
          </RecordDialog>
        </SessionProvider>
      </MemoryRouter>
    </ChakraProvider>
  );
}

const nameField = () => screen.getByLabelText<HTMLInputElement>('Name');

describe('a record dialog when a newer version of its record arrives', () => {
  afterEach(() => {
    cleanup();
    sessionStorage.clear();
    save.mockClear();
  });

  it('shows the newer values while the form is untouched, and saves against the newer version', async () => {
    const { rerender } = render(dialog(3, 'Reefer plugs at the terminal'));
    expect(nameField().value).toBe('Reefer plugs at the terminal');
    rerender(dialog(5, 'My note'));
    expect(nameField().value).toBe('My note');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith({ name: 'My note' }, 5));
  });

  it('keeps what the user typed, and saves it against the version it was typed over', async () => {
    const { rerender } = render(dialog(3, 'Reefer plugs at the terminal'));
    fireEvent.change(nameField(), { target: { value: 'Typed by me' } });
    rerender(dialog(5, 'My note'));
    expect(nameField().value).toBe('Typed by me');
    // The older version: the server answers with its conflict, and the user chooses, as before.
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith({ name: 'Typed by me' }, 3));
  });
});

describe('the newest cached copy of a record', () => {
  const client = new QueryClient();
  const page = (items: object[]) => ({ items, meta: { total: items.length } });
  const clicked = { _id: 'r1', name: 'Old', version: 3 };

  it('is a newer version from any list page or the record’s own query, else the record as clicked', () => {
    client.setQueryData(['contacts', 'list', { page: 1 }], page([clicked, { _id: 'r2', name: 'Other', version: 9 }]));
    expect(newestCopy(client, ['contacts'], clicked)).toBe(clicked);
    client.setQueryData(['contacts', 'list', { page: 2 }], page([{ _id: 'r1', name: 'Newer', version: 5 }]));
    client.setQueryData(['contacts', 'item', 'r1'], { _id: 'r1', name: 'Newest', version: 6 });
    expect(newestCopy(client, ['contacts'], clicked)).toMatchObject({ name: 'Newest', version: 6 });
    // Another resource's queries are not looked at.
    client.setQueryData(['currencies', 'item', 'r1'], { _id: 'r1', name: 'Elsewhere', version: 99 });
    expect(newestCopy(client, ['contacts'], clicked)).toMatchObject({ name: 'Newest' });
  });

  it('is not an offline edit shown in the lists, which keeps the stored version', () => {
    client.clear();
    client.setQueryData(['contacts', 'list', { page: 1 }], page([{ _id: 'r1', name: 'Edited offline', version: 3 }]));
    expect(newestCopy(client, ['contacts'], clicked)).toBe(clicked);
  });
});
