/**
 * The Realtime Database mirror's pure parts (paths and records) and the security rules shipped with it.
 * The I/O itself needs a Realtime Database (its emulator needs Java, which this machine lacks).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFirebaseMirror, loadedUpdate, mirrorPath, mirrorRecord, mirrorUserPath } from './firebase-mirror.ts';

const companyId = '11111111-1111-4111-8111-111111111111';
const userId = '22222222-2222-4222-8222-222222222222';
const id = '33333333-3333-4333-8333-333333333333';

describe('the mirror mapping', () => {
  it('writes each notification under companyId/general-notification/userId/id', () => {
    expect(mirrorUserPath(companyId, userId)).toBe(`${companyId}/general-notification/${userId}`);
    expect(mirrorPath({ companyId, userId, _id: id })).toBe(`${companyId}/general-notification/${userId}/${id}`);
  });

  it('stores status, title, body, link and createdAt (epoch milliseconds)', () => {
    expect(
      mirrorRecord({
        status: 'new',
        kind: 'general',
        title: 'Warehouse closed',
        body: 'Friday',
        link: null,
        createdAt: '2026-05-01T09:30:00.123Z',
      }),
    ).toEqual({
      status: 'new',
      kind: 'general',
      title: 'Warehouse closed',
      body: 'Friday',
      link: null,
      createdAt: Date.UTC(2026, 4, 1, 9, 30, 0, 123),
    });
  });

  it('marks loaded with one multi-path update of the status fields only', () => {
    expect(loadedUpdate(companyId, userId, [id])).toEqual({
      [`${companyId}/general-notification/${userId}/${id}/status`]: 'loaded',
    });
  });

  it('is off unless FIREBASE_DATABASE_URL is configured', () => {
    expect(createFirebaseMirror({ firebaseDatabaseUrl: undefined, firebaseProjectId: 'demo' })).toBeUndefined();
    expect(
      createFirebaseMirror({ firebaseDatabaseUrl: 'https://demo.firebaseio.com', firebaseProjectId: 'demo' }),
    ).toBeDefined();
  });
});

describe('database.rules.json', () => {
  const rules = JSON.parse(readFileSync(path.resolve('database.rules.json'), 'utf8')) as {
    rules: Record<string, unknown>;
  };
  const userNode = (rules.rules.$companyId as Record<string, Record<string, Record<string, unknown>>>)[
    'general-notification'
  ]!.$userId!;

  it('lets a user read only their own notifications, in their own company', () => {
    const read = String(userNode['.read']);
    expect(read).toContain('auth != null');
    expect(read).toContain('auth.uid == $userId');
    expect(read).toContain('auth.token.companyId == $companyId');
    expect(read.split('&&')).toHaveLength(3);
  });

  it('allows no client writes and no reads above the user’s folder', () => {
    expect(rules.rules['.read']).toBe(false);
    expect(rules.rules['.write']).toBe(false);
    expect(userNode['.write']).toBe(false);
    expect(JSON.stringify(rules)).not.toMatch(/"\.write":\s*(true|"[^"]*")/);
    const company = rules.rules.$companyId as Record<string, unknown>;
    expect(company['.read']).toBeUndefined();
  });
});
