import { Box, Button, Flex, HStack, Stack, Text, chakra, useRecipe } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { isApiError } from '../api/api-error';
import { NETWORK_ERROR_CODE } from '../api/api-client';
import { MAX_SEARCH_LENGTH, PAGE_SIZES, pageCount, type ListState } from './list-url-state';
import type { ListPage } from './list-page';
import { NotAllowedScreen } from './not-allowed-screen';
import { ResourceCards, ResourceTable, type ResourceColumns } from './resource-table';
import { usePhone } from '../ui/use-phone';
import { useDebouncedValue } from './use-debounced-value';
import { useListUrlState, useSettledSearch } from './use-list-url-state';
import { useOnline } from './use-online';
import { useKitT } from './strings';

/** A notice in place of the rows: loading, error, offline or empty. */
function ListNotice({
  tone = 'info',
  title,
  children,
}: {
  tone?: 'info' | 'error';
  title: string;
  children?: ReactNode;
}) {
  return (
    <Stack
      role={tone === 'error' ? 'alert' : 'status'}
      align="center"
      textAlign="center"
      gap={2}
      paddingY={12}
      paddingX={6}
      borderWidth="1px"
      borderStyle={tone === 'error' ? 'solid' : 'dashed'}
      borderColor={tone === 'error' ? 'border.error' : 'border'}
      borderRadius="l3"
      bg="bg.panel"
    >
      <Text fontWeight="semibold">{title}</Text>
      {children}
    </Stack>
  );
}

/** What a list needs of a resource (`defineResource` gives all of it). */
export interface ListSource<T> {
  sortable: readonly string[];
  keys: { list: (state: ListState) => readonly unknown[] };
  fetchPage: (state: ListState, signal?: AbortSignal) => Promise<ListPage<T>>;
}

/**
 * The list screen of any resource: search (debounced, in the URL), sortable columns, server-side paging,
 * and plain words for loading, error, offline and empty. Configure it with the resource and its columns.
 */
export function ResourceList<T>({
  resource,
  columns,
  label,
  plural,
  getRowId,
  actions,
  emptyText,
  card,
}: {
  resource: ListSource<T>;
  columns: ResourceColumns<T>;
  /** Table name, e.g. "Users". */
  label: string;
  /** Lower-case plural for messages, e.g. "users". */
  plural: string;
  getRowId: (row: T) => string;
  /** Buttons beside the search (already filtered by permission). */
  actions?: ReactNode;
  emptyText: string;
  /**
   * One row as a card of the screen's own design. A phone (below `md`) always shows the rows as a list of
   * cards instead of the table, so that it reads every column without scrolling sideways: without `card`,
   * each card lists the columns' headers and values.
   */
  card?: (row: T) => ReactNode;
}) {
  const t = useKitT();
  const [state, update] = useListUrlState(resource.sortable);
  const [searchText, setSearchText] = useState(state.search);
  const settled = useDebouncedValue(searchText.trim());
  const online = useOnline();
  const searchId = useId();
  const inputCss = useRecipe({ key: 'input' })({ size: 'md', variant: 'outline' });
  const selectCss = useRecipe({ key: 'select' })({ size: 'md' });
  const phone = usePhone();

  useSettledSearch(settled, state.search, update);

  const query = useQuery({
    queryKey: resource.keys.list(state),
    queryFn: ({ signal }) => resource.fetchPage(state, signal),
    placeholderData: keepPreviousData,
  });
  const page = query.data;
  const total = page?.meta.total ?? 0;
  const pages = pageCount(total, state.limit);
  const first = total === 0 ? 0 : (state.page - 1) * state.limit + 1;
  const last = Math.min(total, state.page * state.limit);

  let body: ReactNode;
  const error = query.error;
  const offline = !online || (isApiError(error) && error.code === NETWORK_ERROR_CODE);
  if (isApiError(error) && error.status === 403) {
    body = <NotAllowedScreen />;
  } else if (!page && offline) {
    body = (
      <ListNotice title={t('list.offlineTitle')}>
        <Text color="fg.muted">{t('list.offlineBody', { plural })}</Text>
      </ListNotice>
    );
  } else if (!page && error) {
    body = (
      <ListNotice tone="error" title={t('list.failed', { plural })}>
        <Text color="fg.muted">{error.message}</Text>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          {t('list.retry')}
        </Button>
      </ListNotice>
    );
  } else if (!page) {
    body = <ListNotice title={t('list.loading', { plural })} />;
  } else if (page.items.length === 0 && total > 0) {
    body = (
      <ListNotice title={t('list.pastLast', { plural })}>
        <Button size="sm" variant="outline" onClick={() => update({ page: 1 })}>
          {t('list.firstPage')}
        </Button>
      </ListNotice>
    );
  } else if (page.items.length === 0) {
    body = state.search ? (
      <ListNotice title={t('list.noMatch', { plural, search: state.search })}>
        <Button
          size="sm"
          variant="outline"
          onClick={() => {
            setSearchText('');
            update({ search: '' });
          }}
        >
          {t('list.clearSearch')}
        </Button>
      </ListNotice>
    ) : (
      <ListNotice title={t('list.none', { plural })}>
        <Text color="fg.muted">{emptyText}</Text>
      </ListNotice>
    );
  } else {
    body = !phone ? (
      <ResourceTable
        label={label}
        columns={columns}
        rows={page.items}
        sort={state.sort}
        onSortChange={(sort) => update({ sort })}
        getRowId={getRowId}
      />
    ) : card ? (
      <Stack as="ul" aria-label={label} gap={2} listStyleType="none" data-testid="list-cards">
        {page.items.map((row) => (
          <li key={getRowId(row)}>{card(row)}</li>
        ))}
      </Stack>
    ) : (
      <ResourceCards label={label} columns={columns} rows={page.items} getRowId={getRowId} />
    );
  }

  return (
    <Stack gap={4}>
      <Flex gap={3} wrap="wrap" alignItems="center" justifyContent="space-between">
        <Box flex="1" minWidth="14rem" maxWidth="md">
          <chakra.label htmlFor={searchId} srOnly>
            {t('list.search', { plural })}
          </chakra.label>
          <chakra.input
            id={searchId}
            type="search"
            css={inputCss}
            placeholder={t('list.search', { plural })}
            maxLength={MAX_SEARCH_LENGTH}
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </Box>
        <HStack gap={2}>{actions}</HStack>
      </Flex>
      {page && offline && (
        <Text role="status" textStyle="sm" color="fg.warning">
          {t('list.offlineStale')}
        </Text>
      )}
      {body}
      {page && total > 0 && (
        <Flex
          as="nav"
          aria-label={t('list.pages')}
          gap={3}
          alignItems="center"
          justifyContent="space-between"
          wrap="wrap"
        >
          <Text textStyle="sm" color="fg.muted" aria-live="polite">
            {t('list.range', { first, last, total })}
            {query.isFetching ? t('list.updating') : ''}
          </Text>
          <HStack gap={2} wrap="wrap">
            <chakra.label textStyle="sm" color="fg.muted" display="flex" alignItems="center" gap={2}>
              {t('list.rows')}
              <chakra.select
                css={selectCss}
                width="auto"
                value={state.limit}
                onChange={(event) => update({ limit: Number(event.target.value) })}
              >
                {PAGE_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </chakra.select>
            </chakra.label>
            <Button
              size="sm"
              variant="outline"
              disabled={state.page <= 1}
              onClick={() => update({ page: state.page - 1 })}
            >
              {t('list.previous')}
            </Button>
            <Text textStyle="sm">{t('list.pageOf', { page: state.page, pages })}</Text>
            <Button
              size="sm"
              variant="outline"
              disabled={state.page >= pages}
              onClick={() => update({ page: state.page + 1 })}
            >
              {t('list.next')}
            </Button>
          </HStack>
        </Flex>
      )}
    </Stack>
  );
}
