/** A file's size as people read it: "840 KB", "3.2 MB", in the user's number format. */
import { formatNumber } from '../i18n/format';

const KB = 1024;
const MB = 1024 * 1024;

export function formatBytes(bytes: number): string {
  if (bytes < KB) return `${formatNumber(bytes)} B`;
  if (bytes < MB) return `${formatNumber(Math.round(bytes / KB))} KB`;
  return `${formatNumber(bytes / MB, { maximumFractionDigits: 1 })} MB`;
}
