// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { useConflictAwareSave } from './use-conflict-aware-save';

type Values = { firstName: string; emailId: string };
const conflict = { version: 5, updatedAt: '2026-11-23T16:32:00.000Z', updatedBy: { _id: 'u2', name: 'Ada Admin' } };

function setup(save: (body: object) => Promise<unknown>) {
  const onSaved = vi.fn();
  const { result } = renderHook(() => {
    const form = useForm<Values>({ defaultValues: { firstName: '', emailId: '' } });
    const saver = useConflictAwareSave({ form, fieldNames: ['firstName', 'emailId'], save, onSaved });
    return { form, saver };
  });
  return { result, onSaved };
}

describe('useConflictAwareSave', () => {
  afterEach(cleanup);

  it('opens the conflict on a stale save, and overwrites with the stored version', async () => {
    const save = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(409, 'VERSION_CONFLICT', 'changed', undefined, conflict))
      .mockResolvedValueOnce({ saved: true });
    const { result, onSaved } = setup(save);

    await act(() => result.current.saver.submit({ firstName: 'Bo', version: 3 }));
    expect(result.current.saver.conflict).toEqual(conflict);
    expect(onSaved).not.toHaveBeenCalled();

    await act(() => result.current.saver.overwrite());
    expect(save).toHaveBeenLastCalledWith({ firstName: 'Bo', version: 5 });
    expect(onSaved).toHaveBeenCalledWith({ saved: true });
    expect(result.current.saver.conflict).toBeUndefined();
  });

  it('puts server validation messages on their fields and the rest above the buttons', async () => {
    const refused = new ApiError(400, 'VALIDATION_FAILED', 'The request is not valid', [
      { path: 'body.emailId', message: 'is taken' },
      { path: 'body.version', message: 'send the version you edited' },
    ]);
    const { result } = setup(vi.fn().mockRejectedValue(refused));

    await act(() => result.current.saver.submit({ emailId: 'a@b.test' }));
    expect(result.current.form.getFieldState('emailId').error?.message).toBe('is taken');
    expect(result.current.saver.formError).toBe('version: send the version you edited');
    expect(result.current.saver.conflict).toBeUndefined();
  });
});
