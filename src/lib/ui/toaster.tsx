import { Box, Stack } from '@chakra-ui/react';
import { useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { toastBottom } from './toast-placement';
import { currentToasts, dismissToast, subscribeToasts, TOAST_OFFSET_PX, type ToastStatus } from './toast-store';

const PALETTE: Record<ToastStatus, string> = { info: 'blue', success: 'green', error: 'red' };

/**
 * Renders the toasts of toast-store.ts at the bottom, TOAST_OFFSET_PX from the edge, raised above a
 * dialog's buttons or an action bar they would cover. Hand-made instead of Chakra's Toaster (Ark's toast
 * machine, several KB) because it is on every screen, /login included.
 */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts, currentToasts);
  const stack = useRef<HTMLDivElement>(null);
  const [bottom, setBottom] = useState(TOAST_OFFSET_PX);
  const shown = toasts.length > 0;
  useLayoutEffect(() => {
    if (!shown) return;
    const place = () => {
      if (stack.current) setBottom(toastBottom(stack.current));
    };
    place();
    // A dialog that opens, scrolls or resizes under a toast: placed again while any toast shows.
    const timer = window.setInterval(place, 250);
    window.addEventListener('resize', place);
    document.addEventListener('scroll', place, true);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('resize', place);
      document.removeEventListener('scroll', place, true);
    };
  }, [shown, toasts]);
  if (!shown) return null;
  return (
    <Stack
      ref={stack}
      position="fixed"
      zIndex="toast"
      gap={2}
      alignItems="center"
      insetX={0}
      paddingX={4}
      pointerEvents="none"
      style={{ bottom }}
    >
      {toasts.map((toast) => (
        <Box
          key={toast.id}
          role={toast.status === 'error' ? 'alert' : 'status'}
          colorPalette={PALETTE[toast.status]}
          // green.solid (green.600) under white text is 3.3:1; green.700 is 5:1 (WCAG AA).
          bg={toast.status === 'success' ? 'green.700' : 'colorPalette.solid'}
          color="colorPalette.contrast"
          paddingX={4}
          paddingY={3}
          borderRadius="l2"
          boxShadow="lg"
          maxWidth="md"
          pointerEvents="auto"
          cursor="pointer"
          onClick={() => dismissToast(toast.id)}
        >
          {toast.title}
        </Box>
      ))}
    </Stack>
  );
}
