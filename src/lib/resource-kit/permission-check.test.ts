import { describe, expect, it } from 'vitest';
import { permissionsOf, recordActions, userCan } from './permission-check';

const role = (permissions: Record<string, string[]>) => ({ role: { _id: 'r', name: 'R', permissions } });

describe('permission checks', () => {
  it('allows exactly the actions the role holds', () => {
    const ops = role({ contacts: ['read', 'create'], users: [] });
    expect(userCan(ops, 'contacts', 'create')).toBe(true);
    expect(userCan(ops, 'contacts', 'delete')).toBe(false);
    expect(userCan(ops, 'users', 'read')).toBe(false);
    expect(userCan(ops, 'roles', 'read')).toBe(false);
  });

  it('allows nothing without a user or a role', () => {
    expect(userCan(null, 'users', 'read')).toBe(false);
    expect(userCan({ role: null }, 'users', 'read')).toBe(false);
  });

  it('ignores unknown modules, unknown actions and malformed role data', () => {
    const odd = role({ users: ['read', 'ADMIN', 'delete'], bogus: ['read'], roles: 'read' as unknown as string[] });
    expect(permissionsOf(odd)).toEqual({ users: ['read', 'delete'] });
    expect(userCan(odd, 'roles', 'read')).toBe(false);
  });

  it("gates a record's Save by create or update and its Delete by delete, each on its own", () => {
    const editor = role({ contacts: ['read', 'create', 'update'] });
    expect(recordActions(editor, 'contacts', true)).toEqual({ save: true, remove: false });
    expect(recordActions(editor, 'contacts', false)).toEqual({ save: true, remove: false });
    const reader = role({ masterData: ['read'] });
    expect(recordActions(reader, 'masterData', true)).toEqual({ save: false, remove: false });
    expect(recordActions(reader, 'masterData', false)).toEqual({ save: false, remove: false });
    const cleaner = role({ masterData: ['read', 'delete'] });
    expect(recordActions(cleaner, 'masterData', true)).toEqual({ save: false, remove: true });
    const creator = role({ contacts: ['read', 'create'] });
    expect(recordActions(creator, 'contacts', false)).toEqual({ save: true, remove: false });
    expect(recordActions(creator, 'contacts', true)).toEqual({ save: false, remove: false });
  });
});
