import { Box, Stack } from '@chakra-ui/react';
import { useSyncExternalStore } from 'react';
import { currentToasts, dismissToast, subscribeToasts, TOAST_OFFSET_PX, type ToastStatus } from './toast-store';

const PALETTE: Record<ToastStatus, string> = { info: 'blue', success: 'green', error: 'red' };

/**
 * Renders the toasts of toast-store.ts at the bottom, TOAST_OFFSET_PX from the edge. Hand-made instead of
 * Chakra's Toaster (Ark's toast machine, several KB) because it is on every screen, /login included.
 */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts, currentToasts);
  if (toasts.length === 0) return null;
  return (
    <Stack
      position="fixed"
      zIndex="toast"
      gap={2}
      alignItems="center"
      insetX={0}
      pointerEvents="none"
      style={{ bottom: TOAST_OFFSET_PX }}
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
