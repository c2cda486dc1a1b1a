/**
 * The dashboard's calls. Each widget has its own query, so one failing call never blanks another; every
 * query sits under the persisted `dashboard` root, so after one online visit the page opens offline with
 * its last figures and an "as of" time.
 */
import { z } from 'zod';
import { apiList } from '../../lib/api/api-client';
import { ApiError } from '../../lib/api/api-error';
import { notificationItemSchema, notificationListMetaSchema } from '../../shared/contracts/notifications';

export const DASHBOARD_KEY = ['dashboard'] as const;

/** A widget tries once more on a server error or a lost answer, and not on a refusal: its error shows in ~1 s. */
function retryOnce(failures: number, error: Error): boolean {
  return failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);
}

/** A list's total without its rows: the counts widget asks every list for one item. */
const anyItem = z.object({ _id: z.string() });
/**
 * What the dashboard reads of a user (the `/users` item holds more): narrow schemas of its own keep the
 * whole users and log contracts out of the first load, whose budget is 230 kB.
 */
const dashboardUser = z.object({ _id: z.string(), name: z.string(), emailId: z.string() });
/** What the activity widget reads of an audit entry (the `/audit` item of the log contract holds more). */
const activityEntry = z.object({
  _id: z.string(),
  actorUserId: z.string().nullable(),
  actorName: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  // The record's name, when the entry carries it, for "created the report “Q3 sales”".
  changes: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});

export const dashboardQueries = {
  notifications: () => ({
    queryKey: [...DASHBOARD_KEY, 'notifications'] as const,
    retry: retryOnce,
    // Shown at once from the kept copy, and fetched again on every visit.
    staleTime: 0,
    queryFn: () =>
      apiList('iamserver', '/notifications?status=new&limit=5', notificationItemSchema, {
        meta: notificationListMetaSchema,
      }),
  }),
  activity: () => ({
    queryKey: [...DASHBOARD_KEY, 'activity'] as const,
    retry: retryOnce,
    // Shown at once from the kept copy, and fetched again on every visit.
    staleTime: 0,
    queryFn: () => apiList('logserver', '/audit?limit=8&sort=-createdAt', activityEntry),
  }),
  /** The company's users, for the count and to name who did what in the activity widget. */
  users: () => ({
    queryKey: [...DASHBOARD_KEY, 'users'] as const,
    retry: retryOnce,
    // Shown at once from the kept copy, and fetched again on every visit.
    staleTime: 0,
    queryFn: () => apiList('iamserver', '/users?limit=100&sort=name', dashboardUser),
  }),
  contacts: () => ({
    queryKey: [...DASHBOARD_KEY, 'contacts'] as const,
    retry: retryOnce,
    // Shown at once from the kept copy, and fetched again on every visit.
    staleTime: 0,
    queryFn: async () =>
      (
        await apiList('contactserver', '/contacts/paginate', anyItem, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ page: 1, limit: 1 }),
        })
      ).meta.total,
  }),
  reports: () => ({
    queryKey: [...DASHBOARD_KEY, 'reports'] as const,
    retry: retryOnce,
    // Shown at once from the kept copy, and fetched again on every visit.
    staleTime: 0,
    queryFn: async () => (await apiList('reportserver', '/reportSketch?limit=1', anyItem)).meta.total,
  }),
};
