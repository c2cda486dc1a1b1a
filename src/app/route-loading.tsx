import { Box } from '@chakra-ui/react';

/** Shown while the first screen's lazy chunk loads (the router's HydrateFallback). */
export function RouteLoading() {
  return (
    <Box role="status" padding={8} color="fg.muted">
      Loading…
    </Box>
  );
}
