import { Box } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useT } from '../i18n/use-t';

/** docs/product-rules.md section 9: the overlay stays this long after loading ends, so it never flickers. */
export const LOADING_OVERLAY_CLOSE_DELAY_MS = 400;

/** `active`, held true for `delayMs` after it turns false. */
export function useDelayedClose(active: boolean, delayMs: number): boolean {
  const [open, setOpen] = useState(active);
  useEffect(() => {
    if (active) {
      setOpen(true);
      return;
    }
    const timer = setTimeout(() => setOpen(false), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs]);
  return active || open;
}

/** A full-screen overlay while `loading` (the auth status), closing LOADING_OVERLAY_CLOSE_DELAY_MS later. */
export function LoadingOverlay({ loading }: { loading: boolean }) {
  const t = useT();
  const open = useDelayedClose(loading, LOADING_OVERLAY_CLOSE_DELAY_MS);
  if (!open) return null;
  return (
    <Box
      role="status"
      aria-live="polite"
      position="fixed"
      inset={0}
      zIndex="overlay"
      bg="bg/80"
      display="flex"
      alignItems="center"
      justifyContent="center"
      color="fg.muted"
    >
      {t('common.loading')}
    </Box>
  );
}
