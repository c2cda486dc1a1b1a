/**
 * iamserver's issue tracker (`/issue/tracker`, issue 13): the resource, the list of `/settings/issues`
 * with its filters, the companies a super admin filters by, and sending a report ("Report a problem":
 * the attachment uploaded through driveserver first, then the issue created through the kit's outbox).
 */
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiList } from '../../lib/api/api-client';
import { fetchAllPages } from '../../lib/api/fetch-all-pages';
import { uploadFile } from '../../lib/drive/upload-file';
import { defineResource } from '../../lib/resource-kit/define-resource';
import { listQueryString } from '../../lib/resource-kit/list-url-state';
import type { ListSource } from '../../lib/resource-kit/resource-list';
import {
  ISSUE_APP_VERSION_MAX,
  ISSUE_ROUTE_MAX,
  ISSUE_SORT_FIELDS,
  issueSchema,
  createIssueBody,
  updateIssueBody,
  type Issue,
  type IssueStatus,
} from '../../shared/contracts/issues';

export const issuesResource = defineResource({
  name: 'issues',
  service: 'iamserver',
  path: '/issue/tracker',
  item: issueSchema,
  sortable: ISSUE_SORT_FIELDS,
  create: createIssueBody,
  update: updateIssueBody,
});

/** The app's version, from package.json at build time (vite.config.ts); '' in a unit test. */
export const APP_VERSION = String((import.meta.env.VITE_APP_VERSION as string | undefined) ?? '').slice(
  0,
  ISSUE_APP_VERSION_MAX,
);

/** The page a report is sent from: the path and the query, as long as the server keeps. */
export function reportedRoute(location: { pathname: string; search: string }): string {
  return `${location.pathname}${location.search}`.slice(0, ISSUE_ROUTE_MAX);
}

export interface IssueFilters {
  status: IssueStatus | '';
  /** A super admin's company filter ('' for every company). */
  companyId: string;
}

/** The list of /settings/issues: the URL's paging, search and sort, and the status and company filters. */
export function issueListSource(filters: IssueFilters): ListSource<Issue> {
  const extra = new URLSearchParams();
  if (filters.status) extra.set('status', filters.status);
  if (filters.companyId) extra.set('companyId', filters.companyId);
  const suffix = extra.toString() ? `&${extra.toString()}` : '';
  return {
    sortable: ISSUE_SORT_FIELDS,
    keys: { list: (state) => [...issuesResource.keys.lists, state, filters.status, filters.companyId] },
    fetchPage: (state, signal) =>
      apiList('iamserver', `/issue/tracker?${listQueryString(state)}${suffix}`, issueSchema, signal ? { signal } : {}),
  };
}

const companyOption = z.object({ _id: z.string(), name: z.string() });

/** Every company by name, for a super admin's company filter (nothing is asked for anyone else). */
export function useCompanyOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['issues', 'companies'],
    queryFn: ({ signal }) => fetchAllPages('iamserver', '/app-admin/companies?sort=name', companyOption, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export interface ProblemReport {
  title: string;
  description: string;
  /** A screenshot or a chosen file, uploaded to driveserver before the issue is created. */
  attachment: File | null;
  route: string;
}

/**
 * Sends a report: the attachment (if any) is uploaded first, which needs a connection; the issue is then
 * created through the kit (with `idempotencyKey`, so a retry after a lost answer stores it once), which
 * goes through the outbox when offline. `uploaded` remembers the uploaded file across retries.
 */
export async function sendProblemReport(
  report: ProblemReport,
  options: { idempotencyKey: string; uploaded: Map<File, string>; onUploading?: () => void },
): Promise<Issue> {
  let attachmentFileId: string | null = null;
  if (report.attachment) {
    attachmentFileId = options.uploaded.get(report.attachment) ?? null;
    if (!attachmentFileId) {
      options.onUploading?.();
      attachmentFileId = (await uploadFile(report.attachment))._id;
      options.uploaded.set(report.attachment, attachmentFileId);
    }
  }
  return issuesResource.create(
    {
      title: report.title.trim(),
      description: report.description,
      attachmentFileId,
      appVersion: APP_VERSION,
      route: report.route,
    },
    options.idempotencyKey,
  );
}
