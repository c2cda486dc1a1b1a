// @vitest-environment jsdom
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VersionConflict } from '../../shared/api-envelope';
import { SaveConflictDialog, type ConflictingSave } from './conflict-dialog';

function saveWith(conflict: VersionConflict | undefined): ConflictingSave {
  return { conflict, busy: false, dismissConflict: vi.fn(), overwrite: vi.fn(() => Promise.resolve()) };
}

function renderDialog(save: ConflictingSave, onReload = vi.fn()) {
  render(
    <ChakraProvider value={defaultSystem}>
      <SaveConflictDialog save={save} noun="company" onReload={onReload} />
    </ChakraProvider>,
  );
  return onReload;
}

const conflict: VersionConflict = {
  version: 4,
  updatedAt: '2026-11-23T16:32:00.000Z',
  updatedBy: { _id: 'u1', name: 'Ada Admin' },
};

describe('the conflict dialog of a save', () => {
  afterEach(cleanup);

  it('shows nothing while the save met no conflict', () => {
    renderDialog(saveWith(undefined));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes itself before Reload shows the stored version', () => {
    const save = saveWith(conflict);
    const onReload = renderDialog(save);
    expect(screen.getByRole('dialog', { name: 'This company was changed meanwhile' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload their version' }));
    expect(save.dismissConflict).toHaveBeenCalledOnce();
    expect(onReload).toHaveBeenCalledOnce();
    expect(save.overwrite).not.toHaveBeenCalled();
  });

  it('sends the change again on Overwrite, without reloading', () => {
    const save = saveWith(conflict);
    const onReload = renderDialog(save);
    fireEvent.click(screen.getByRole('button', { name: 'Overwrite with mine' }));
    expect(save.overwrite).toHaveBeenCalledOnce();
    expect(onReload).not.toHaveBeenCalled();
  });
});
