/**
 * reportserver (docs/api.md section 13): saved report definitions (`/reportSketch`, on the resource kit)
 * and their runs, `GET /reportSketch/{id}/run?format=json|csv|xlsx`, inside the caller's company (row-level
 * security) and permissions: a run needs `reports` read (checked before validation, like every route) and
 * the read permission of the report's source (`REPORT_SOURCE_PERMISSION`: a users report needs `users`),
 * checked as soon as the report is found and before any of its rows is read.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  REPORT_PREVIEW_ROWS,
  REPORT_SOURCE_PERMISSION,
  reportColumn,
  reportFileName,
  reportRunQuery,
  reportRunSchema,
  usedReportColumns,
  type ReportDefinition,
  type ReportRun,
  type ReportSketch,
} from '../../../src/shared/contracts/reports.ts';
import { authenticate } from '../../auth/authenticate.ts';
import { notFound } from '../../http/api-error.ts';
import { assertPermission, requireAuthContext } from '../../http/auth-context.ts';
import type { ServiceDeps, ServiceModule } from '../../http/build-service-app.ts';
import { runRead } from '../../http/idempotency.ts';
import { idParams, itemResponse } from '../../http/list-query.ts';
import { registerResource } from '../../http/resource-kit.ts';
import { requires } from '../../http/route-permission.ts';
import { countReportRows, readReportRows, reportChartPoints } from './report-run-repository.ts';
import { csvStream, openRowBatches, REPORT_BATCH_ROWS, xlsxStream, type ReportColumn } from './report-run.ts';
import { mergedDefinition, reportSketchResource } from './report-sketch-resource.ts';
import { reportSketchRepository } from './report-sketch-repository.ts';

function columnsOf(definition: ReportDefinition): ReportColumn[] {
  return definition.columns.map((key) => {
    const column = reportColumn(definition.source, key)!;
    return { key: column.key, label: column.label, kind: column.kind };
  });
}

/** The preview: the first rows, the total and the chart over every matching row, in one read. */
async function preview(deps: ServiceDeps, req: FastifyRequest, definition: ReportDefinition): Promise<ReportRun> {
  return runRead(deps, req, {}, async (tx) => {
    const total = await countReportRows(tx, definition);
    const { rows } = await readReportRows(tx, definition, null, REPORT_PREVIEW_ROWS);
    const chart = definition.chart
      ? {
          groupBy: definition.chart.groupBy,
          ...(definition.chart.measure ? { measure: definition.chart.measure } : {}),
          points: await reportChartPoints(tx, definition, definition.chart.groupBy, definition.chart.measure),
        }
      : null;
    return { columns: columnsOf(definition), rows, total, chart, ranAt: deps.now().toISOString() };
  });
}

/** Streams the CSV or XLSX file; the reading stops when the client goes away. */
async function download(
  deps: ServiceDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  sketch: ReportSketch,
  definition: ReportDefinition,
  format: 'csv' | 'xlsx',
) {
  const stop = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableEnded) stop.abort();
  });
  // Each batch is its own short read in the caller's company, ordered by the sort and the row id.
  const batches = await openRowBatches(
    (cursor) => runRead(deps, req, {}, (tx) => readReportRows(tx, definition, cursor, REPORT_BATCH_ROWS)),
    stop.signal,
  );
  const columns = columnsOf(definition);
  const fileName = reportFileName(sketch.name, deps.now(), format);
  void reply
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store');
  if (format === 'csv') {
    return reply.type('text/csv; charset=utf-8').send(csvStream(columns, batches));
  }
  const file = await xlsxStream(columns, batches, { sheet: sketch.name, signal: stop.signal });
  return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(file);
}

export const reportsModule: ServiceModule = async (app, deps) => {
  await app.register(async (scope) => {
    scope.addHook('onRequest', authenticate(deps));

    registerResource(scope, deps, reportSketchResource);

    scope.get(
      '/reportSketch/:id/run',
      {
        config: { permission: requires('reports', 'read') },
        schema: {
          summary:
            "Runs a saved report in the caller's company. `json`: the first rows, the total and the chart; `csv` " +
            '(UTF-8 with BOM) and `xlsx`: every row, streamed as a download. Also needs read on the source (contacts, users or audit).',
          tags: ['reports'],
          params: idParams,
          querystring: reportRunQuery,
          response: { 200: itemResponse(reportRunSchema) },
        },
      },
      async (req, reply) => {
        const { id } = req.params as { id: string };
        const { format } = req.query as z.output<typeof reportRunQuery>;
        const sketch = await runRead(deps, req, {}, (tx) => reportSketchRepository.find(tx, id));
        if (!sketch) throw notFound('Report');
        const auth = requireAuthContext(req);
        assertPermission(auth, REPORT_SOURCE_PERMISSION[sketch.source], 'read');
        // Checked again: the catalogue may have changed since the definition was stored.
        const definition = mergedDefinition(sketch, {});
        // A column beyond the source's read (a job's money) runs only for the roles it is offered to.
        for (const { key } of usedReportColumns(definition)) {
          const needs = reportColumn(definition.source, key)?.needs;
          if (needs) assertPermission(auth, needs.module, needs.action);
        }
        if (format === 'json') return { data: await preview(deps, req, definition) };
        return download(deps, req, reply, sketch, definition, format);
      },
    );
  });
};
