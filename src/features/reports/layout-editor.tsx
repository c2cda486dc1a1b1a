import { Box, Button, Flex, Heading, IconButton, Stack, Text, chakra } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';
import { SelectInput, SelectOptions, TextInput } from '../../lib/resource-kit/form-field';
import {
  offeredReportColumns,
  reportColumn,
  type ReportFilter,
  type ReportFilterOp,
  type ReportSource,
} from '../../shared/contracts/reports';
import {
  blankFilter,
  groupableColumns,
  moveColumn,
  operatorsOf,
  takesValue,
  toggleColumn,
  withField,
  withOp,
  type ReportLayout,
} from './report-definition';
import { permissionsOf } from '../../lib/resource-kit/permission-check';
import { useSession } from '../../lib/session/use-session';
import { columnLabel, opLabel, useReportsT } from './strings';

/**
 * The columns of `source` the user's role may use: a job's money only with `shipments.charges` (the service
 * refuses a definition naming the others, so they are not offered).
 */
function useOfferedColumns(source: ReportSource) {
  const { user } = useSession();
  return offeredReportColumns(source, permissionsOf(user));
}

/** One part of the builder: a titled panel. */
function Part({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Stack
      as="section"
      aria-labelledby={id}
      gap={3}
      bg="bg.panel"
      borderWidth="1px"
      borderRadius="l3"
      padding={{ base: 4, md: 5 }}
    >
      <Heading as="h2" size="md" id={id}>
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

function ErrorText({ children }: { children: string | undefined }) {
  if (!children) return null;
  return (
    <Text role="alert" color="fg.error" textStyle="sm">
      {children}
    </Text>
  );
}

/**
 * The columns, filters, sort and chart of a report: each change goes through the pure rules of
 * report-definition.ts and comes back as a new layout. `issues` are the save's problems by path
 * (`filters.1.value`), shown on their row.
 */
export function LayoutEditor({
  source,
  layout,
  onChange,
  issues,
}: {
  source: ReportSource;
  layout: ReportLayout;
  onChange: (layout: ReportLayout) => void;
  issues: Record<string, string>;
}) {
  return (
    <>
      <ColumnsPart source={source} layout={layout} onChange={onChange} issue={issues.columns} />
      <FiltersPart source={source} layout={layout} onChange={onChange} issues={issues} />
      <Flex gap={4} direction={{ base: 'column', md: 'row' }}>
        <Box flex="1">
          <SortPart source={source} layout={layout} onChange={onChange} issue={issues['sort.field']} />
        </Box>
        <Box flex="1">
          <ChartPart source={source} layout={layout} onChange={onChange} issue={issues['chart.groupBy']} />
        </Box>
      </Flex>
    </>
  );
}

interface PartProps {
  source: ReportSource;
  layout: ReportLayout;
  onChange: (layout: ReportLayout) => void;
}

function ColumnsPart({ source, layout, onChange, issue }: PartProps & { issue: string | undefined }) {
  const t = useReportsT();
  const offered = useOfferedColumns(source);
  const orderId = useId();
  const chosen = layout.columns;
  return (
    <Part title={t('columns')}>
      <Text textStyle="sm" color="fg.muted">
        {t('columnsHint')}
      </Text>
      <chakra.fieldset>
        <chakra.legend srOnly>{t('columns')}</chakra.legend>
        <Flex gap={4} wrap="wrap">
          {offered.map((column) => {
            const checked = chosen.includes(column.key);
            return (
              <chakra.label key={column.key} display="flex" alignItems="center" gap={1.5} textStyle="sm">
                <chakra.input
                  type="checkbox"
                  width="4"
                  height="4"
                  checked={checked}
                  disabled={checked && chosen.length <= 1}
                  onChange={(event) =>
                    onChange({ ...layout, columns: toggleColumn(chosen, column.key, event.target.checked) })
                  }
                />
                {columnLabel(source, column.key)}
              </chakra.label>
            );
          })}
        </Flex>
      </chakra.fieldset>
      <ErrorText>{issue}</ErrorText>
      <Box>
        <Text id={orderId} textStyle="sm" fontWeight="medium" marginBottom={1.5}>
          {t('columnOrder')}
        </Text>
        <chakra.ol aria-labelledby={orderId} listStyleType="none" display="flex" flexDirection="column" gap={1}>
          {chosen.map((key, index) => {
            const label = columnLabel(source, key);
            return (
              <chakra.li
                key={key}
                display="flex"
                alignItems="center"
                gap={2}
                borderWidth="1px"
                borderRadius="l2"
                paddingStart={3}
                paddingEnd={1}
                paddingY={0.5}
                maxWidth="sm"
              >
                <Text textStyle="xs" color="fg.muted" width="5">
                  {index + 1}.
                </Text>
                <Text textStyle="sm" flex="1">
                  {label}
                </Text>
                <IconButton
                  size="xs"
                  variant="ghost"
                  aria-label={t('moveUp', { column: label })}
                  disabled={index === 0}
                  onClick={() => onChange({ ...layout, columns: moveColumn(chosen, key, -1) })}
                >
                  <span aria-hidden="true">↑</span>
                </IconButton>
                <IconButton
                  size="xs"
                  variant="ghost"
                  aria-label={t('moveDown', { column: label })}
                  disabled={index === chosen.length - 1}
                  onClick={() => onChange({ ...layout, columns: moveColumn(chosen, key, 1) })}
                >
                  <span aria-hidden="true">↓</span>
                </IconButton>
              </chakra.li>
            );
          })}
        </chakra.ol>
      </Box>
    </Part>
  );
}

function FiltersPart({ source, layout, onChange, issues }: PartProps & { issues: Record<string, string> }) {
  const t = useReportsT();
  const setFilter = (index: number, filter: ReportFilter) =>
    onChange({ ...layout, filters: layout.filters.map((f, i) => (i === index ? filter : f)) });
  return (
    <Part title={t('filters')}>
      {layout.filters.length === 0 && (
        <Text textStyle="sm" color="fg.muted">
          {t('noFilters')}
        </Text>
      )}
      <Stack as="ol" gap={3} listStyleType="none">
        {layout.filters.map((filter, index) => (
          <FilterRow
            // Rows have no ids of their own; the index is their identity while the list is edited.
            key={index}
            n={index + 1}
            source={source}
            filter={filter}
            onChange={(next) => setFilter(index, next)}
            onRemove={() => onChange({ ...layout, filters: layout.filters.filter((_, i) => i !== index) })}
            issue={
              issues[`filters.${index}.value`] ?? issues[`filters.${index}.op`] ?? issues[`filters.${index}.field`]
            }
          />
        ))}
      </Stack>
      <Box>
        <Button
          size="sm"
          variant="outline"
          disabled={layout.filters.length >= 20}
          onClick={() => onChange({ ...layout, filters: [...layout.filters, blankFilter(source)] })}
        >
          {t('addFilter')}
        </Button>
      </Box>
    </Part>
  );
}

function FilterRow({
  n,
  source,
  filter,
  onChange,
  onRemove,
  issue,
}: {
  n: number;
  source: ReportSource;
  filter: ReportFilter;
  onChange: (filter: ReportFilter) => void;
  onRemove: () => void;
  issue: string | undefined;
}) {
  const t = useReportsT();
  const offered = useOfferedColumns(source);
  const column = reportColumn(source, filter.field);
  const ops = column ? operatorsOf(column) : [];
  const valueLabel = t('filterValue', { n });
  let value: ReactNode = null;
  if (column && takesValue(filter.op)) {
    const common = {
      'aria-label': valueLabel,
      'aria-invalid': Boolean(issue),
      value: filter.value,
    };
    value =
      column.kind === 'boolean' ? (
        <SelectInput {...common} onChange={(event) => onChange({ ...filter, value: event.target.value })}>
          <option value="true">{t('yes')}</option>
          <option value="false">{t('no')}</option>
        </SelectInput>
      ) : (
        <TextInput
          {...common}
          type={column.kind === 'date' || column.kind === 'day' ? 'date' : column.kind === 'number' ? 'number' : 'text'}
          maxLength={200}
          onChange={(event) => onChange({ ...filter, value: event.target.value })}
        />
      );
  }
  return (
    <chakra.li>
      <Flex gap={2} wrap="wrap" alignItems="center">
        <Box flex="1 1 10rem">
          <SelectInput
            aria-label={t('filterField', { n })}
            value={filter.field}
            onChange={(event) => onChange(withField(filter, source, event.target.value))}
          >
            {offered.map((option) => (
              <option key={option.key} value={option.key}>
                {columnLabel(source, option.key)}
              </option>
            ))}
          </SelectInput>
        </Box>
        <Box flex="1 1 9rem">
          <SelectInput
            aria-label={t('filterOp', { n })}
            value={filter.op}
            onChange={(event) => onChange(withOp(filter, event.target.value as ReportFilterOp))}
          >
            <SelectOptions values={ops} label={opLabel} />
          </SelectInput>
        </Box>
        <Box flex="2 1 12rem">{value}</Box>
        <Button size="sm" variant="ghost" colorPalette="red" aria-label={t('removeFilter', { n })} onClick={onRemove}>
          ✕
        </Button>
      </Flex>
      <ErrorText>{issue}</ErrorText>
    </chakra.li>
  );
}

function SortPart({ source, layout, onChange, issue }: PartProps & { issue: string | undefined }) {
  const t = useReportsT();
  const offered = useOfferedColumns(source);
  const sort = layout.sort;
  return (
    <Part title={t('sort')}>
      <Flex gap={3} wrap="wrap">
        <chakra.label flex="2 1 10rem" display="flex" flexDirection="column" gap={1.5} textStyle="sm">
          <chakra.span fontWeight="medium">{t('sortField')}</chakra.span>
          <SelectInput
            value={sort?.field ?? ''}
            onChange={(event) =>
              onChange({
                ...layout,
                sort: event.target.value ? { field: event.target.value, direction: sort?.direction ?? 'asc' } : null,
              })
            }
          >
            <option value="">{t('noSort')}</option>
            {offered.map((option) => (
              <option key={option.key} value={option.key}>
                {columnLabel(source, option.key)}
              </option>
            ))}
          </SelectInput>
        </chakra.label>
        <chakra.label flex="1 1 8rem" display="flex" flexDirection="column" gap={1.5} textStyle="sm">
          <chakra.span fontWeight="medium">{t('sortDirection')}</chakra.span>
          <SelectInput
            value={sort?.direction ?? 'asc'}
            disabled={!sort}
            onChange={(event) =>
              sort && onChange({ ...layout, sort: { ...sort, direction: event.target.value as 'asc' | 'desc' } })
            }
          >
            <option value="asc">{t('asc')}</option>
            <option value="desc">{t('desc')}</option>
          </SelectInput>
        </chakra.label>
      </Flex>
      <ErrorText>{issue}</ErrorText>
    </Part>
  );
}

function ChartPart({ source, layout, onChange, issue }: PartProps & { issue: string | undefined }) {
  const t = useReportsT();
  return (
    <Part title={t('chart')}>
      <chakra.label display="flex" flexDirection="column" gap={1.5} textStyle="sm">
        <chakra.span fontWeight="medium">{t('chartGroup')}</chakra.span>
        <SelectInput
          value={layout.chart?.groupBy ?? ''}
          onChange={(event) =>
            onChange({ ...layout, chart: event.target.value ? { groupBy: event.target.value } : null })
          }
        >
          <option value="">{t('noChart')}</option>
          {groupableColumns(source).map((option) => (
            <option key={option.key} value={option.key}>
              {columnLabel(source, option.key)}
            </option>
          ))}
        </SelectInput>
      </chakra.label>
      <ErrorText>{issue}</ErrorText>
    </Part>
  );
}
