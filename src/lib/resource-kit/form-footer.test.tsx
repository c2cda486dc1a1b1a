// @vitest-environment jsdom
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModalDialog } from '../ui/modal-dialog';
import { FormFooter, RecordFormFooter } from './form-footer';

function renderFooter(props: Parameters<typeof FormFooter>[0], onCloseDialog = vi.fn()) {
  render(
    <ChakraProvider value={defaultSystem}>
      <ModalDialog title="Company" onClose={onCloseDialog}>
        <form onSubmit={(event) => event.preventDefault()}>
          <FormFooter {...props} />
        </form>
      </ModalDialog>
    </ChakraProvider>,
  );
  return onCloseDialog;
}

describe('the form footer', () => {
  afterEach(cleanup);

  it('says the form error in words and offers the submit button under its label', () => {
    renderFooter({ error: 'The name is taken.', saveLabel: 'Save' });
    expect(screen.getByRole('alert').textContent).toBe('The name is taken.');
    expect(screen.getByRole('button', { name: 'Save' }).getAttribute('type')).toBe('submit');
  });

  it('shows no submit button to a role that may only read', () => {
    renderFooter({});
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('asks before discarding typed changes, and keeps them on "Keep editing"', () => {
    const onDiscard = vi.fn();
    renderFooter({ saveLabel: 'Save', discard: { label: 'Discard changes', onDiscard, confirm: true } });
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    const question = screen.getByRole('dialog', { name: 'Discard your changes?' });
    expect(question.getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(onDiscard).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, discard' }));
    expect(onDiscard).toHaveBeenCalledTimes(1);
  });

  it('Escape closes the confirmation only, not the dialog under it', () => {
    const onDiscard = vi.fn();
    const onCloseDialog = renderFooter({ discard: { label: 'Cancel', onDiscard, confirm: true } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).toBeNull();
    expect(onCloseDialog).not.toHaveBeenCalled();
    expect(onDiscard).not.toHaveBeenCalled();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onCloseDialog).toHaveBeenCalledTimes(1);
  });

  it('discards at once when nothing typed would be lost', () => {
    const onDiscard = vi.fn();
    renderFooter({ discard: { label: 'Cancel', onDiscard } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onDiscard).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).toBeNull();
  });
});

describe('the footer of a record edited in place', () => {
  afterEach(cleanup);

  function renderRecordFooter(props: Partial<Parameters<typeof RecordFormFooter>[0]>) {
    const onDiscard = vi.fn();
    render(
      <ChakraProvider value={defaultSystem}>
        <RecordFormFooter
          save={{ formError: undefined, busy: false }}
          editable
          dirty
          saveLabel="Save"
          discardLabel="Discard changes"
          onDiscard={onDiscard}
          {...props}
        />
      </ChakraProvider>,
    );
    return onDiscard;
  }

  it('offers Discard only once something was typed, and asks before putting the stored values back', () => {
    renderRecordFooter({ dirty: false });
    expect((screen.getByRole('button', { name: 'Discard changes' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    const onDiscard = renderRecordFooter({});
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(onDiscard).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, discard' }));
    expect(onDiscard).toHaveBeenCalledOnce();
  });

  it('shows a reader the error line but neither Save nor Discard', () => {
    renderRecordFooter({ editable: false, save: { formError: 'No connection.', busy: false } });
    expect(screen.getByRole('alert').textContent).toBe('No connection.');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
