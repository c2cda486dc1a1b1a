/**
 * reportserver's `/reportSketch` on the resource kit: saved report definitions of the company. An update may
 * send any part of a definition; the parts it sends are merged into the stored definition and the whole is
 * checked against the column catalogue (`reportDefinitionSchema`), so that changing the source without new
 * columns, or a filter left on a column the new source lacks, is a 400 naming the field.
 */
import { ERROR_CODES } from '../../../src/shared/api-envelope.ts';
import type { Permissions } from '../../../src/shared/permissions.ts';
import {
  columnOffered,
  createReportSketchBody,
  reportColumn,
  usedReportColumns,
  reportDefinitionSchema,
  reportSketchListQuery,
  reportSketchSchema,
  updateReportSketchBody,
  type ReportDefinition,
  type ReportSketch,
} from '../../../src/shared/contracts/reports.ts';
import { ApiError } from '../../http/api-error.ts';
import { defineResource } from '../../http/resource-kit.ts';
import { reportSketchRepository, type ReportSketchPatch } from './report-sketch-repository.ts';

/** The stored definition with `patch` laid over it, checked whole; 400 naming `body.<part>` when it does not hold. */
export function mergedDefinition(before: ReportSketch, patch: ReportSketchPatch): ReportDefinition {
  const merged = {
    source: patch.source ?? before.source,
    columns: patch.columns ?? before.columns,
    filters: patch.filters ?? before.filters,
    sort: patch.sort === undefined ? before.sort : patch.sort,
    chart: patch.chart === undefined ? before.chart : patch.chart,
  };
  const checked = reportDefinitionSchema.safeParse(merged);
  if (checked.success) return checked.data;
  throw new ApiError(400, ERROR_CODES.VALIDATION_FAILED, 'The request is not valid', {
    details: checked.error.issues.map((issue) => ({
      path: ['body', ...issue.path.map(String)].join('.'),
      message: issue.message,
    })),
  });
}

/**
 * A definition's parts may name only the columns offered to the caller (a job's money needs
 * `shipments.charges`): another is refused as a column the source does not have, 400 naming the part.
 */
function assertOffered(
  source: ReportDefinition['source'],
  parts: Parameters<typeof usedReportColumns>[0],
  permissions: Permissions,
): void {
  const details = usedReportColumns(parts)
    .filter(({ key }) => {
      const column = reportColumn(source, key);
      return column !== undefined && !columnOffered(column, permissions);
    })
    .map(({ path }) => ({ path: `body.${path}`, message: `not a column of ${source}` }));
  if (details.length > 0)
    throw new ApiError(400, ERROR_CODES.VALIDATION_FAILED, 'The request is not valid', { details });
}

export const reportSketchResource = defineResource({
  path: '/reportSketch',
  entity: 'reportSketch',
  label: 'Report',
  permission: 'reports',
  tag: 'reports',
  schemas: {
    item: reportSketchSchema,
    listQuery: reportSketchListQuery,
    create: createReportSketchBody,
    update: updateReportSketchBody,
  },
  defaultSort: { field: 'name', descending: false },
  repository: reportSketchRepository,
  summaries: {
    list: 'List saved report definitions (`source` filters by source; `meta.total` counts them)',
    update: 'Update a report definition (send `version` or `If-Match`); the merged definition is checked whole',
  },
  hooks: {
    beforeCreate: ({ companyId, auth }, body) => {
      assertOffered(body.source, body, auth.permissions);
      return { ...body, companyId, createdBy: auth.userId };
    },
    beforeUpdate: ({ auth }, before, patch) => {
      const merged = mergedDefinition(before, patch);
      // Only the parts sent: a role without a column may still rename a report that shows it.
      assertOffered(merged.source, patch, auth.permissions);
      return patch;
    },
  },
});
