import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { NETWORK_ERROR_CODE } from '../api/api-client';
import { saveFailureOf } from './apply-server-errors';
import { QueuedWrite } from '../outbox/queued-write-error';
import type { OutboxEntry } from '../../shared/outbox/outbox-entry';
import { fieldOfPath, formMessageOf, mapServerErrors } from './server-field-errors';
import { canOverwrite, conflictMessage, conflictOf, overwriteBody } from './version-conflict';

const FIELDS = ['emailId', 'firstName', 'roleId', 'address.city'] as const;
const invalid = (details: unknown) => new ApiError(400, 'VALIDATION_FAILED', 'The request is not valid', details);

describe('server errors on form fields', () => {
  it('says nothing for a write kept in the outbox, and names the offline case otherwise', () => {
    expect(formMessageOf(new QueuedWrite({} as OutboxEntry))).toBe('');
    expect(formMessageOf(new ApiError(0, NETWORK_ERROR_CODE, 'Failed to fetch'))).toBe(
      'You are offline or the service cannot be reached. Try again.',
    );
  });

  it('puts each details[].path message on its field', () => {
    const mapped = mapServerErrors(
      invalid([
        { path: 'body.emailId', message: 'Invalid email address' },
        { path: 'body.roleId', message: 'is not a role of this company' },
        { path: 'body.address.city', message: 'Too long' },
      ]),
      FIELDS,
    );
    expect(mapped).toEqual({
      fields: {
        emailId: 'Invalid email address',
        roleId: 'is not a role of this company',
        'address.city': 'Too long',
      },
      form: undefined,
    });
  });

  it('keeps the first message of a field and says the others at form level, never dropping one', () => {
    const mapped = mapServerErrors(
      invalid([
        { path: 'body.emailId', message: 'first' },
        { path: 'body.emailId', message: 'second' },
        { path: 'body.unknownKey', message: 'Unrecognized key' },
        { path: 'body', message: 'Body is required' },
      ]),
      FIELDS,
    );
    expect(mapped.fields).toEqual({ emailId: 'first' });
    expect(mapped.form).toBe('unknownKey: Unrecognized key Body is required');
  });

  it('reads the request part off the path only', () => {
    expect(fieldOfPath('body.emailId')).toBe('emailId');
    expect(fieldOfPath('query.search')).toBe('search');
    expect(fieldOfPath('bodyWeight')).toBe('bodyWeight');
  });

  it('gives other refusals a form-level message in words', () => {
    expect(mapServerErrors(new ApiError(403, 'FORBIDDEN', 'Forbidden'), FIELDS)).toEqual({
      fields: {},
      form: 'Your role does not allow this.',
    });
    expect(mapServerErrors(new ApiError(0, NETWORK_ERROR_CODE, 'Failed to fetch'), FIELDS).form).toMatch(/offline/);
    expect(mapServerErrors(new ApiError(409, 'ALREADY_EXISTS', 'A user with this e-mail exists'), FIELDS).form).toBe(
      'A user with this e-mail exists',
    );
    expect(mapServerErrors(new TypeError('x'), FIELDS).form).toBe('Something went wrong. Try again.');
    // A validation error without usable details still says something.
    expect(mapServerErrors(invalid('not-a-list'), FIELDS).form).toBe('The request is not valid');
  });
});

describe('version conflicts', () => {
  const conflict = { version: 7, updatedAt: '2026-11-23T16:32:00.000Z', updatedBy: { _id: 'u2', name: 'Ada Admin' } };
  const stale = new ApiError(409, 'VERSION_CONFLICT', 'The user was changed', undefined, conflict);
  const format = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

  it('recognises a stale save and no other 409', () => {
    expect(conflictOf(stale)).toEqual(conflict);
    expect(conflictOf(new ApiError(409, 'ALREADY_EXISTS', 'exists'))).toBeUndefined();
    expect(conflictOf(new ApiError(400, 'VERSION_CONFLICT', 'odd'))).toBeUndefined();
    expect(saveFailureOf(stale, FIELDS)).toEqual({ kind: 'conflict', conflict });
  });

  it('says who changed the record and when', () => {
    expect(conflictMessage(conflict, 'user', format)).toBe(
      'Ada Admin changed this user on 23 Nov 2026, 16:32, after you opened it.',
    );
    expect(conflictMessage({ ...conflict, updatedBy: null, updatedAt: '' }, 'role', format)).toBe(
      'Someone else changed this role, after you opened it.',
    );
  });

  it('overwrites by sending the same change with the stored version', () => {
    expect(overwriteBody({ firstName: 'Bo', version: 3 }, conflict)).toEqual({ firstName: 'Bo', version: 7 });
    expect(canOverwrite(conflict)).toBe(true);
    // A 409 without the stored version cannot be overwritten blindly.
    const bare = conflictOf(new ApiError(409, 'VERSION_CONFLICT', 'changed'));
    expect(bare && canOverwrite(bare)).toBe(false);
  });
});
