import { Box, Flex, Heading, Stack, Text, chakra } from '@chakra-ui/react';
import { formatDateTime, formatNumber } from '../../lib/i18n/format';
import { reportColumn, type ReportRun, type ReportSource } from '../../shared/contracts/reports';
import { ReportChart } from './report-chart';
import { cellText } from './report-cells';
import { columnLabel, reportsT, useReportsT } from './strings';
import { TABLE_HEADER_CSS } from '../../lib/ui/table-style';

/** The chart's title: "Contacts by Country", "Activity per day". */
export function chartTitle(source: ReportSource, groupBy: string): string {
  const things = reportsT(`things.${source}`);
  return reportColumn(source, groupBy)?.kind === 'date'
    ? reportsT('chartPerDay', { things })
    : reportsT('chartBy', { things, column: columnLabel(source, groupBy) });
}

/** A run's answer: how many rows, the chart, and the first rows as a table. */
export function RunPreview({ run, source }: { run: ReportRun; source: ReportSource }) {
  const t = useReportsT();
  const shown = run.rows.length;
  return (
    <Stack gap={4}>
      <Flex gap={3} alignItems="baseline" wrap="wrap">
        <Text role="status" fontWeight="semibold" data-testid="report-total">
          {t('rows', { count: run.total })}
          {run.total > shown
            ? ` (${t('showingFirst', { shown: formatNumber(shown), total: formatNumber(run.total) })})`
            : ''}
        </Text>
        <Text textStyle="xs" color="fg.muted">
          {t('ranAt', { when: formatDateTime(run.ranAt) })}
        </Text>
      </Flex>
      {run.chart && (
        <chakra.figure margin={0}>
          <chakra.figcaption marginBottom={2}>
            <Heading as="h3" size="sm">
              {chartTitle(source, run.chart.groupBy)}
            </Heading>
          </chakra.figcaption>
          <ReportChart
            title={chartTitle(source, run.chart.groupBy)}
            kind={reportColumn(source, run.chart.groupBy)?.kind}
            points={run.chart.points}
          />
        </chakra.figure>
      )}
      {shown === 0 ? (
        <Text color="fg.muted">{t('noRows')}</Text>
      ) : (
        <Box overflow="auto" maxHeight="32rem" borderWidth="1px" borderRadius="l3" bg="bg.panel">
          <chakra.table
            aria-label={t('resultTable')}
            width="full"
            textStyle="sm"
            css={{
              '& th, & td': {
                paddingX: 3,
                paddingY: 2,
                borderBottomWidth: '1px',
                textAlign: 'start',
                verticalAlign: 'top',
              },
              '& th': { ...TABLE_HEADER_CSS, position: 'sticky', top: 0, bg: 'bg.muted' },
            }}
          >
            <thead>
              <tr>
                {run.columns.map((column) => (
                  <th key={column.key} scope="col">
                    {columnLabel(source, column.key)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {run.rows.map((row, index) => (
                // A run's rows carry no ids; their order is the report's.
                <tr key={index}>
                  {run.columns.map((column, i) => (
                    <td key={column.key}>{cellText(row[i] ?? null, column.kind)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </chakra.table>
        </Box>
      )}
    </Stack>
  );
}
