import { describe, expect, it } from 'vitest';
import { createIssueBody, ISSUE_ROUTE_MAX } from '../../shared/contracts/issues';
import { reportedRoute } from './api';

describe('the page a report is sent from', () => {
  it('is the path and the query, without the origin or the fragment', () => {
    expect(reportedRoute({ pathname: '/contacts', search: '?search=acme&tag=1' })).toBe('/contacts?search=acme&tag=1');
    expect(reportedRoute({ pathname: '/dashboard', search: '' })).toBe('/dashboard');
  });

  it('is cut to what the server keeps, so a long URL never turns the report into a 400', () => {
    const route = reportedRoute({ pathname: '/contacts', search: `?search=${'x'.repeat(5000)}` });
    expect(route).toHaveLength(ISSUE_ROUTE_MAX);
    expect(createIssueBody.safeParse({ title: 'Long page', route }).success).toBe(true);
  });
});
