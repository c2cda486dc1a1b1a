import { TOAST_OFFSET_PX } from './toast-store';

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
export function toastBottom(stack: HTMLElement): number {
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
