import { describe, expect, it } from 'vitest';
import { listQueryString, nextSort, pageCount, readListState, writeListState } from './list-url-state';

const SORTABLE = ['name', 'emailId', 'lastSignInAt'] as const;
const read = (query: string) => readListState(new URLSearchParams(query), SORTABLE);

describe('list state in the URL', () => {
  it('reads page, size, search and sort back from a reloaded URL', () => {
    expect(read('page=3&limit=50&search=%20ada%20&sort=-emailId')).toEqual({
      page: 3,
      limit: 50,
      search: 'ada',
      sort: '-emailId',
    });
  });

  it('falls back to defaults for values the server would refuse', () => {
    expect(read('page=0&limit=1000&sort=password')).toEqual({ page: 1, limit: 20, search: '', sort: undefined });
    expect(read('page=-2&limit=abc&sort=-')).toEqual({ page: 1, limit: 20, search: '', sort: undefined });
    expect(read(`search=${'x'.repeat(500)}`).search).toHaveLength(200);
  });

  it('starts again at page 1 when the search, sort or page size changes', () => {
    const params = new URLSearchParams('page=4&sort=name');
    const current = readListState(params, SORTABLE);
    expect(writeListState(params, current, { search: 'bo' }).toString()).toBe('sort=name&search=bo');
    expect(writeListState(params, current, { sort: '-name' }).get('page')).toBeNull();
    expect(writeListState(params, current, { limit: 100 }).toString()).toBe('sort=name&limit=100');
    expect(writeListState(params, current, { page: 5 }).get('page')).toBe('5');
  });

  it('keeps the plain list at a plain URL and leaves other parameters alone', () => {
    const params = new URLSearchParams('tab=all&page=2&search=x');
    const current = readListState(params, SORTABLE);
    expect(writeListState(params, current, { search: '', page: 1 }).toString()).toBe('tab=all');
  });

  it('asks the server for exactly the state shown', () => {
    expect(listQueryString({ page: 2, limit: 20, search: 'a&b', sort: '-name' })).toBe(
      'page=2&limit=20&search=a%26b&sort=-name',
    );
    expect(listQueryString({ page: 1, limit: 20, search: '', sort: undefined })).toBe('page=1&limit=20');
  });

  it('cycles a column header through ascending, descending and the server order', () => {
    expect(nextSort(undefined, 'name')).toBe('name');
    expect(nextSort('name', 'name')).toBe('-name');
    expect(nextSort('-name', 'name')).toBeUndefined();
    expect(nextSort('-name', 'emailId')).toBe('emailId');
  });

  it('counts pages, an empty list being one page', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(40, 20)).toBe(2);
    expect(pageCount(41, 20)).toBe(3);
  });
});
