/**
 * A blob as a data URL, for showing a picture the page holds (a queued avatar or logo, a document's
 * thumbnail, the problem report's screenshot): the page's Content-Security-Policy allows `data:` images, not
 * `blob:` ones.
 */
export function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(blob);
  });
}
