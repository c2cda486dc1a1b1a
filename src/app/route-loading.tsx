import { Box } from '@chakra-ui/react';
import { useT } from '../lib/i18n/use-t';

/** Shown while the first screen's lazy chunk loads (the router's HydrateFallback). */
export function RouteLoading() {
  const t = useT();
  return (
    <Box role="status" padding={8} color="fg.muted">
      {t('common.loading')}
    </Box>
  );
}
