/**
 * "Attach a screenshot of this screen": the page rendered to a PNG by modern-screenshot (MIT; DOM → SVG
 * foreignObject → canvas, no server and no browser permission prompt), loaded only when someone reports a
 * problem. Elements marked with SCREENSHOT_SKIP (the report dialog itself) are left out of the picture.
 */

/** The attribute that keeps an element (and what it holds) out of the screenshot. */
export const SCREENSHOT_SKIP = 'data-screenshot-skip';

/** Gives up on a page that takes longer to render (a stalled font or image fetch). */
const CAPTURE_TIMEOUT_MS = 10_000;

export async function captureScreen(): Promise<Blob> {
  const { domToBlob } = await import('modern-screenshot');
  const body = document.body;
  return domToBlob(body, {
    type: 'image/png',
    // One image pixel per CSS pixel keeps a full-screen capture well under driveserver's 10 MB.
    scale: 1,
    backgroundColor: getComputedStyle(body).backgroundColor || '#ffffff',
    timeout: CAPTURE_TIMEOUT_MS,
    filter: (node) => !(node instanceof Element && node.hasAttribute(SCREENSHOT_SKIP)),
  });
}
