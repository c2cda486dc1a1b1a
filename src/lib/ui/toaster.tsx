import { Box, Stack } from '@chakra-ui/react';
import { useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { currentToasts, dismissToast, subscribeToasts, TOAST_OFFSET_PX, type ToastStatus } from './toast-store';

const PALETTE: Record<ToastStatus, string> = { info: 'blue', success: 'green', error: 'red' };

/**
 * What a toast must never cover: a dialog's buttons, and any bar marked `data-toast-avoid` (the report
 * builder's action bar, a form's sticky Save).
 */
const AVOID = '[role="dialog"] button, [data-toast-avoid]';
/** Space between a raised toast and what it keeps clear of. */
const CLEARANCE_PX = 8;

/**
 * How far above the bottom edge the toasts sit: TOAST_OFFSET_PX, or just above the controls they would
 * otherwise cover (raised again while that meets another one).
 */
function toastBottom(stack: HTMLElement): number {
  const viewport = window.innerHeight;
  const toasts = Array.from(stack.children, (child) => child.getBoundingClientRect());
  const height = stack.offsetHeight;
  const left = Math.min(...toasts.map((box) => box.left));
  const right = Math.max(...toasts.map((box) => box.right));
  const avoided = Array.from(document.querySelectorAll<HTMLElement>(AVOID), (element) =>
    element.getBoundingClientRect(),
  ).filter((box) => box.width > 0 && box.height > 0);
  let bottom = TOAST_OFFSET_PX;
  for (let moved = true, rounds = 0; moved && rounds < avoided.length + 1; rounds += 1) {
    moved = false;
    const top = viewport - bottom - height;
    for (const box of avoided) {
      const meets = box.top < viewport - bottom && box.bottom > top && box.left < right && box.right > left;
      if (meets && viewport - box.top + CLEARANCE_PX > bottom) {
        bottom = viewport - box.top + CLEARANCE_PX;
        moved = true;
      }
    }
  }
  // Never off the top of the screen: past that, the bottom edge it is.
  return bottom + height > viewport ? TOAST_OFFSET_PX : bottom;
}

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
