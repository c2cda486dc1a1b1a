// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { toastBottom } from './toast-placement';
import { TOAST_OFFSET_PX } from './toast-store';

/** An element laid out at `box` (jsdom lays nothing out). */
function placed<E extends HTMLElement>(
  element: E,
  box: { top: number; left: number; width: number; height: number },
): E {
  const rect = { ...box, right: box.left + box.width, bottom: box.top + box.height, x: box.left, y: box.top };
  element.getBoundingClientRect = () => ({ ...rect, toJSON: () => rect }) as DOMRect;
  Object.defineProperty(element, 'offsetHeight', { value: box.height, configurable: true });
  return element;
}

/** A stack of one 48 px toast across a 390 × 844 phone, 16 px from the bottom. */
function toastStack(): HTMLElement {
  const stack = placed(document.createElement('div'), { top: 780, left: 0, width: 390, height: 48 });
  stack.append(placed(document.createElement('div'), { top: 780, left: 16, width: 358, height: 48 }));
  document.body.append(stack);
  return stack;
}

describe('where the toasts sit', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('16 px from the bottom when nothing is under them', () => {
    window.innerHeight = 844;
    expect(toastBottom(toastStack())).toBe(TOAST_OFFSET_PX);
  });

  it("above a dialog's buttons at the foot of the screen", () => {
    window.innerHeight = 844;
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.append(placed(document.createElement('button'), { top: 790, left: 200, width: 80, height: 40 }));
    document.body.append(dialog);
    // 844 − 790 + 8: the toast's bottom edge 8 px above the button's top.
    expect(toastBottom(toastStack())).toBe(62);
  });

  it('above an action bar, and again above a button the first move would cover', () => {
    window.innerHeight = 844;
    const bar = placed(document.createElement('div'), { top: 780, left: 0, width: 390, height: 64 });
    bar.setAttribute('data-toast-avoid', '');
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.append(placed(document.createElement('button'), { top: 730, left: 20, width: 80, height: 40 }));
    document.body.append(bar, dialog);
    expect(toastBottom(toastStack())).toBe(844 - 730 + 8);
  });

  it('not raised for a control beside them', () => {
    window.innerHeight = 844;
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.append(placed(document.createElement('button'), { top: 300, left: 20, width: 80, height: 40 }));
    document.body.append(dialog);
    expect(toastBottom(toastStack())).toBe(TOAST_OFFSET_PX);
  });
});
