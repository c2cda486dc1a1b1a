// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { formDraftKey, useFormDraft } from './form-draft';

type Values = { name: string; notes: string };

function mount(key: string) {
  return renderHook(() => {
    const form = useForm<Values>({ defaultValues: { name: '', notes: '' } });
    const draft = useFormDraft(form, key);
    return { form, draft };
  });
}

/** A keystroke as an input registered with the form reports it. */
async function type(form: ReturnType<typeof useForm<Values>>, name: keyof Values, value: string) {
  await act(() => form.register(name).onChange({ target: { name, value }, type: 'change' }));
}

describe('useFormDraft', () => {
  afterEach(() => {
    cleanup();
    sessionStorage.clear();
  });

  it('keeps what is typed and offers it back when the same form of the same record opens again', async () => {
    const key = formDraftKey('/contacts', 'c1');
    const first = mount(key);
    expect(first.result.current.draft.offered).toBeNull();
    await type(first.result.current.form, 'name', 'Acme');
    await type(first.result.current.form, 'notes', 'Call back');
    first.unmount();

    const again = mount(key);
    expect(again.result.current.draft.offered?.values).toEqual({ name: 'Acme', notes: 'Call back' });
    expect(again.result.current.form.getValues()).toEqual({ name: '', notes: '' });
    act(() => again.result.current.draft.restore());
    expect(again.result.current.draft.offered).toBeNull();
    expect(again.result.current.form.getValues()).toEqual({ name: 'Acme', notes: 'Call back' });

    // Another record, or another screen, is not offered this one's draft.
    expect(mount(formDraftKey('/contacts', 'c2')).result.current.draft.offered).toBeNull();
    expect(mount(formDraftKey('/settings/business-types', 'c1')).result.current.draft.offered).toBeNull();
  });

  it('forgets the draft once cleared (saved or discarded)', async () => {
    const key = formDraftKey('/contacts', 'New contact');
    const first = mount(key);
    await type(first.result.current.form, 'name', 'Acme');
    act(() => first.result.current.draft.clear());
    first.unmount();

    expect(mount(key).result.current.draft.offered).toBeNull();
    expect(Object.keys(sessionStorage)).toEqual([]);
  });
});
