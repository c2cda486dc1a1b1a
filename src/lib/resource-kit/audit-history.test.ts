import { describe, expect, it } from 'vitest';
import { changedFields } from './audit-history';

describe('the audit history of one record', () => {
  it('lists each changed field with its value before and after, without the version bump', () => {
    const fields = changedFields({
      changes: {
        before: { name: 'Waalhaven', version: 1, city: '' },
        after: { name: 'Waalhaven Oost', version: 2, city: 'Rotterdam' },
      },
    });
    expect(fields).toEqual([
      { field: 'name', before: 'Waalhaven', after: 'Waalhaven Oost' },
      { field: 'city', before: '', after: 'Rotterdam' },
    ]);
  });

  it('has no fields for an entry without a diff', () => {
    expect(changedFields({ changes: {} })).toEqual([]);
  });
});
