import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Component, type ReactNode } from 'react';
import { ApiError } from '../../lib/api/api-error';
import { formatDateTime } from '../../lib/i18n/format';
import { useOnline } from '../../lib/resource-kit/use-online';
import { useDashboardT } from './strings';

interface FrameProps {
  title: string;
  /** `aria-labelledby` target and test handle. */
  id: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** One dashboard card: a titled region, so screen readers list the widgets as landmarks. */
export function WidgetFrame({ title, id, children, footer }: FrameProps) {
  return (
    <Box
      as="section"
      aria-labelledby={`widget-${id}`}
      data-widget={id}
      borderWidth="1px"
      borderRadius="lg"
      padding={4}
      bg="bg.panel"
      minHeight="9rem"
      display="flex"
      flexDirection="column"
      gap={3}
    >
      <Heading as="h2" size="md" id={`widget-${id}`}>
        {title}
      </Heading>
      <Box flex="1">
        <WidgetBoundary>{children}</WidgetBoundary>
      </Box>
      {footer}
    </Box>
  );
}

/** A widget whose rendering throws shows its own error; the rest of the page carries on. */
class WidgetBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <WidgetError /> : this.props.children;
  }
}

function WidgetError({ onRetry }: { onRetry?: () => void }) {
  const t = useDashboardT();
  return (
    <Stack gap={2} role="alert" alignItems="flex-start">
      <Text color="fg.error">{t('failed')}</Text>
      {onRetry && (
        <Button size="xs" variant="outline" onClick={onRetry}>
          {t('retry')}
        </Button>
      )}
    </Stack>
  );
}

interface QueryWidgetProps<T> {
  query: UseQueryResult<T>;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * A query's three states drawn the same way in every widget: a skeleton while loading, the error with a
 * retry (or, offline with nothing kept, why), the empty text, else the data with "as of" when offline.
 */
export function QueryWidget<T>({ query, isEmpty, empty, children }: QueryWidgetProps<T>) {
  const t = useDashboardT();
  const online = useOnline();
  if (query.data === undefined) {
    if (query.isError) {
      if (query.error instanceof ApiError && query.error.status === 403)
        return <Text color="fg.muted">{t('notAllowed')}</Text>;
      if (!online) return <Text color="fg.muted">{t('offlineNoData')}</Text>;
      return <WidgetError onRetry={() => void query.refetch()} />;
    }
    return (
      <Stack gap={2} aria-busy="true">
        <Box height="4" borderRadius="l1" bg="bg.muted" />
        <Box height="4" width="70%" borderRadius="l1" bg="bg.muted" />
      </Stack>
    );
  }
  return (
    <Stack gap={2}>
      {query.isError && online && <WidgetError onRetry={() => void query.refetch()} />}
      {isEmpty?.(query.data) ? <Text color="fg.muted">{empty}</Text> : children(query.data)}
      {!online && query.dataUpdatedAt > 0 && (
        <Text textStyle="xs" color="fg.muted" data-as-of>
          {t('asOf', { time: formatDateTime(query.dataUpdatedAt) })}
        </Text>
      )}
    </Stack>
  );
}
