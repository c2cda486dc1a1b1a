import { describe, expect, it } from 'vitest';
import { createUserBody } from '../../shared/contracts/users';
import { formResolver } from './form-resolver';

const resolve = (values: Record<string, unknown>) =>
  formResolver(createUserBody)(values as never, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('form resolver on the shared schema', () => {
  it('says what is wrong in words, field by field', async () => {
    const { errors } = await resolve({ firstName: '', lastName: '', emailId: 'not-an-address', roleId: null });
    expect(errors.firstName?.message).toBe('Required');
    expect(errors.emailId?.message).toBe('Enter a valid e-mail address');
    expect(errors.lastName).toBeUndefined();
  });

  it('applies the same limits as the server', async () => {
    const { errors } = await resolve({ firstName: 'x'.repeat(101), emailId: 'a@b.test', roleId: 'nope' });
    expect(errors.firstName?.message).toBe('At most 100 characters');
    expect(errors.roleId).toBeDefined();
  });

  it('hands the parsed body on when valid', async () => {
    const { values, errors } = await resolve({
      firstName: ' Ada ',
      lastName: '',
      emailId: 'ada@demo.test',
      roleId: null,
    });
    expect(errors).toEqual({});
    expect(values).toEqual({ firstName: 'Ada', lastName: '', emailId: 'ada@demo.test', roleId: null });
  });
});
