/**
 * reportserver's calls (docs/api.md section 13): the saved definitions (`/reportSketch`, a resource of the
 * kit, so its writes go through the outbox) and their runs (`GET /reportSketch/{id}/run`): the preview as
 * JSON, and the CSV and XLSX files downloaded with the user's credentials.
 */
import { ApiError } from '../../lib/api/api-error';
import { apiBase, apiCall, authorizedFetch, NETWORK_ERROR_CODE, toApiError } from '../../lib/api/api-client';
import { defineResource } from '../../lib/resource-kit/define-resource';
import {
  REPORT_SORT_FIELDS,
  reportRunSchema,
  reportSketchSchema,
  createReportSketchBody,
  updateReportSketchBody,
  type ReportRun,
} from '../../shared/contracts/reports';
import { fileNameOf } from './download-name';

export const reportsResource = defineResource({
  name: 'reports',
  service: 'reportserver',
  path: '/reportSketch',
  item: reportSketchSchema,
  sortable: REPORT_SORT_FIELDS,
  create: createReportSketchBody,
  update: updateReportSketchBody,
});

/** The audit log's name for a saved report (its history). */
export const REPORT_AUDIT_ENTITY = 'reportSketch';

const runPath = (id: string, format: 'json' | 'csv' | 'xlsx') =>
  `/reportSketch/${encodeURIComponent(id)}/run?format=${format}`;

/** Runs the stored definition: the first rows, the total and the chart's counts. */
export function runReport(id: string, signal?: AbortSignal): Promise<ReportRun> {
  return apiCall('reportserver', runPath(id, 'json'), reportRunSchema, signal ? { signal } : {});
}

/**
 * Downloads every row of the stored definition as a CSV or XLSX file and hands it to the browser, named as
 * the answer's `Content-Disposition` says (or `fallbackName` when the header cannot be read). Resolves
 * with the file's name; throws `ApiError` like `apiCall` (status 0, `NETWORK_ERROR`, without a connection).
 */
export async function downloadReport(id: string, format: 'csv' | 'xlsx', fallbackName: string): Promise<string> {
  let response: Response;
  try {
    response = await authorizedFetch(`${apiBase('reportserver')}${runPath(id, format)}`);
  } catch (error) {
    throw new ApiError(0, NETWORK_ERROR_CODE, error instanceof Error ? error.message : 'Network request failed');
  }
  if (!response.ok) throw await toApiError(response);
  const blob = await response.blob();
  const name = fileNameOf(response.headers.get('Content-Disposition')) ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
