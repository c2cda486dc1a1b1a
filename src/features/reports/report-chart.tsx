import { Box, Text, chakra } from '@chakra-ui/react';
import { useId } from 'react';
import { formatNumber } from '../../lib/i18n/format';
import type { ReportColumnKind } from '../../shared/contracts/reports';
import { chartScale } from './chart-scale';
import { pointText } from './report-cells';
import { useReportsT } from './strings';

const WIDTH = 640;
const LABEL_WIDTH = 168;
const COUNT_ROOM = 48;
const BAR_AREA = WIDTH - LABEL_WIDTH - COUNT_ROOM;
const AXIS_HEIGHT = 24;
const ROW_HEIGHT = 28;
const BAR_HEIGHT = 18;
const MAX_LABEL = 24;

const clip = (text: string) => (text.length > MAX_LABEL ? `${text.slice(0, MAX_LABEL - 1)}…` : text);

/**
 * A run's chart: one horizontal bar per group with its count, on an axis that ends on a round number.
 * Plain SVG (a chart library would cost more than the whole screen); a screen reader reads its title and,
 * as its description, every group with its count.
 */
export function ReportChart({
  title,
  kind,
  points,
}: {
  title: string;
  /** The grouping column's kind: dates label their days, booleans Yes / No. */
  kind: ReportColumnKind | undefined;
  points: { label: string; count: number }[];
}) {
  const t = useReportsT();
  const id = useId();
  if (points.length === 0) {
    return (
      <Text color="fg.muted" textStyle="sm">
        {t('chartEmpty')}
      </Text>
    );
  }
  const labelled = points.map((point) => ({ ...point, text: pointText(point.label, kind) }));
  const scale = chartScale(
    labelled.map((point) => point.count),
    BAR_AREA,
  );
  const height = AXIS_HEIGHT + labelled.length * ROW_HEIGHT + 4;
  const x = (count: number) => LABEL_WIDTH + (count / scale.top) * BAR_AREA;
  return (
    <Box maxHeight="32rem" overflowY="auto">
      <chakra.svg
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        viewBox={`0 0 ${WIDTH} ${height}`}
        width="full"
        maxWidth={`${WIDTH}px`}
        fontSize="12px"
        fontFamily="inherit"
        data-testid="report-chart"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>
          {labelled
            .map((point) => t('chartFigure', { label: point.text, count: formatNumber(point.count) }))
            .join(', ')}
        </desc>
        {scale.ticks.map((tick) => (
          <g key={tick}>
            <chakra.line
              x1={x(tick)}
              x2={x(tick)}
              y1={AXIS_HEIGHT - 6}
              y2={height}
              stroke="border"
              strokeWidth={1}
              strokeDasharray={tick === 0 ? undefined : '3 3'}
            />
            <chakra.text x={x(tick)} y={AXIS_HEIGHT - 10} textAnchor="middle" fill="fg.muted">
              {formatNumber(tick)}
            </chakra.text>
          </g>
        ))}
        {labelled.map((point, index) => {
          const top = AXIS_HEIGHT + index * ROW_HEIGHT;
          const length = scale.length(point.count);
          return (
            <g key={`${point.label}-${index}`} data-label={point.label} data-count={point.count}>
              <title>{t('chartFigure', { label: point.text, count: formatNumber(point.count) })}</title>
              <chakra.text x={LABEL_WIDTH - 8} y={top + ROW_HEIGHT / 2 + 4} textAnchor="end" fill="fg">
                {clip(point.text)}
              </chakra.text>
              <chakra.rect
                x={LABEL_WIDTH}
                y={top + (ROW_HEIGHT - BAR_HEIGHT) / 2}
                width={length}
                height={BAR_HEIGHT}
                rx={3}
                fill="brand.solid"
              />
              <chakra.text x={LABEL_WIDTH + length + 6} y={top + ROW_HEIGHT / 2 + 4} fill="fg" fontWeight="semibold">
                {formatNumber(point.count)}
              </chakra.text>
            </g>
          );
        })}
      </chakra.svg>
    </Box>
  );
}
