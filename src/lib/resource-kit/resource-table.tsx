import { Box, Stack, chakra } from '@chakra-ui/react';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type RowData } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type ReactNode } from 'react';
import { TABLE_HEADER_CSS } from '../ui/table-style';
import { nextSort, parseSort } from './list-url-state';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the generics must match TanStack's declaration
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The server's sort field for this column; absent: the column cannot be sorted. */
    sortField?: string;
    /** CSS grid track of the column, e.g. `2fr` or `8rem`. */
    width?: string;
  }
}

/**
 * The columns of a resource table. `any` for the cell value: each column has its own value type, and
 * TanStack's own examples type a mixed column array this way.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ResourceColumns<T> = ColumnDef<T, any>[];

/** Row height the virtualizer starts from; rows are measured once shown. */
const ESTIMATED_ROW_HEIGHT = 53;

/**
 * Table roles are spelled out because the rows are CSS grid rows (so that the virtualizer can place
 * them), and a browser may drop a table's implicit roles when its display changes.
 *
 * One page of server rows in TanStack Table, drawn by TanStack Virtual so that a 100-row page keeps the
 * DOM small. Sorting is the server's (`manualSorting`): a header click asks for `sort` through
 * `onSortChange`, which the list writes into the URL.
 */
export function ResourceTable<T>({
  label,
  columns,
  rows,
  sort,
  onSortChange,
  getRowId,
}: {
  /** Accessible name of the table, e.g. "Users". */
  label: string;
  columns: ResourceColumns<T>;
  rows: T[];
  sort: string | undefined;
  onSortChange: (sort: string | undefined) => void;
  getRowId: (row: T) => string;
}) {
  const table = useReactTable({
    data: rows,
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
  });
  const scroller = useRef<HTMLDivElement>(null);
  const tableRows = table.getRowModel().rows;
  const virtualizer = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    overscan: 8,
    // Without layout (first render, tests) every row renders: never an empty table for want of a size.
    initialRect: { width: 1024, height: ESTIMATED_ROW_HEIGHT * 100 },
  });
  const order = parseSort(sort);
  const template = table
    .getVisibleLeafColumns()
    .map((column) => column.columnDef.meta?.width ?? '1fr')
    .join(' ');
  const items = virtualizer.getVirtualItems();

  return (
    <Box
      ref={scroller}
      // As tall as its rows up to a screenful: a short list has no blank area under its last row.
      maxHeight="calc(100dvh - 18rem)"
      overflow="auto"
      borderWidth="1px"
      borderRadius="l3"
      bg="bg.panel"
    >
      <chakra.table role="table" aria-label={label} aria-rowcount={tableRows.length + 1} display="grid" width="full">
        <chakra.thead role="rowgroup" display="grid" position="sticky" top={0} zIndex={1} bg="bg.muted">
          {table.getHeaderGroups().map((group) => (
            <chakra.tr key={group.id} role="row" display="grid" gridTemplateColumns={template}>
              {group.headers.map((header) => {
                const field = header.column.columnDef.meta?.sortField;
                const direction =
                  field && order?.field === field ? (order.descending ? 'descending' : 'ascending') : undefined;
                const title = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <chakra.th
                    key={header.id}
                    role="columnheader"
                    aria-sort={field ? (direction ?? 'none') : undefined}
                    css={TABLE_HEADER_CSS}
                    paddingX={4}
                    paddingY={3}
                    borderBottomWidth="1px"
                  >
                    {field ? (
                      <chakra.button
                        type="button"
                        onClick={() => onSortChange(nextSort(sort, field))}
                        display="inline-flex"
                        alignItems="center"
                        gap={1}
                        font="inherit"
                        cursor="pointer"
                        _hover={{ color: 'fg' }}
                      >
                        {title}
                        <chakra.span aria-hidden="true" color={direction ? 'brand.fg' : 'fg.subtle'}>
                          {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
                        </chakra.span>
                      </chakra.button>
                    ) : (
                      title
                    )}
                  </chakra.th>
                );
              })}
            </chakra.tr>
          ))}
        </chakra.thead>
        <chakra.tbody role="rowgroup" display="grid" position="relative" height={`${virtualizer.getTotalSize()}px`}>
          {items.map((item) => {
            const row = tableRows[item.index];
            if (!row) return null;
            return (
              <chakra.tr
                key={row.id}
                role="row"
                data-index={item.index}
                ref={virtualizer.measureElement}
                aria-rowindex={item.index + 2}
                display="grid"
                gridTemplateColumns={template}
                position="absolute"
                width="full"
                transform={`translateY(${item.start}px)`}
                borderBottomWidth="1px"
                _hover={{ bg: 'bg.subtle' }}
              >
                {row.getVisibleCells().map((cell) => (
                  <chakra.td
                    key={cell.id}
                    role="cell"
                    paddingX={4}
                    paddingY={3}
                    textStyle="sm"
                    alignSelf="center"
                    minWidth={0}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </chakra.td>
                ))}
              </chakra.tr>
            );
          })}
        </chakra.tbody>
      </chakra.table>
    </Box>
  );
}

/**
 * The rows as cards, for a phone (the phone layout rule, docs/architecture.md): each row's first cell as the card's
 * title (the button or link that opens the record), then every other column as its header and value, so
 * that a 390 px screen shows every column without scrolling sideways.
 */
export function ResourceCards<T>({
  label,
  columns,
  rows,
  getRowId,
}: {
  label: string;
  columns: ResourceColumns<T>;
  rows: T[];
  getRowId: (row: T) => string;
}) {
  const table = useReactTable({
    data: rows,
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
  });
  const headers = new Map<string, ReactNode>(
    table
      .getFlatHeaders()
      .map((header) => [header.column.id, flexRender(header.column.columnDef.header, header.getContext())]),
  );
  return (
    <Stack as="ul" aria-label={label} gap={2} listStyleType="none" data-testid="list-cards">
      {table.getRowModel().rows.map((row) => {
        const [first, ...rest] = row.getVisibleCells();
        return (
          <chakra.li
            key={row.id}
            padding={3}
            borderWidth="1px"
            borderRadius="l3"
            bg="bg.panel"
            minWidth={0}
            overflowWrap="anywhere"
          >
            {first && <Box fontWeight="semibold">{flexRender(first.column.columnDef.cell, first.getContext())}</Box>}
            {rest.length > 0 && (
              <chakra.dl
                display="grid"
                gridTemplateColumns="minmax(0, auto) minmax(0, 1fr)"
                columnGap={3}
                rowGap={1}
                marginTop={2}
                textStyle="sm"
              >
                {rest.map((cell) => {
                  const header = headers.get(cell.column.id);
                  const value = flexRender(cell.column.columnDef.cell, cell.getContext());
                  return header ? (
                    <Box key={cell.id} display="contents">
                      <chakra.dt color="fg.muted">{header}</chakra.dt>
                      <chakra.dd minWidth={0}>{value}</chakra.dd>
                    </Box>
                  ) : (
                    // A column without a header (the row's actions) spans the card.
                    <chakra.dd key={cell.id} gridColumn="1 / -1">
                      {value}
                    </chakra.dd>
                  );
                })}
              </chakra.dl>
            )}
          </chakra.li>
        );
      })}
    </Stack>
  );
}
