/**
 * A session's browser and system in words ("Chrome on Linux"), from its User-Agent header. No parser
 * package is installed, and a list of sessions needs only the names people know: the order below is
 * what makes it right (Edge and Opera also say "Chrome", every Chromium says "Safari", Android says
 * "Linux"), and `user-agent.test.ts` holds real headers of each.
 */
export interface UserAgentNames {
  /** "Chrome", "Firefox", … or null when the header names none we know. */
  browser: string | null;
  /** "Windows", "macOS", "Android", … or null. */
  os: string | null;
}

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\//, 'Chrome'],
  [/\bHeadlessChrome\//, 'Chrome'],
  [/\bChrom(?:e|ium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bnode-fetch|\bundici|\bnode\b/i, 'Node.js'],
  [/\bcurl\//, 'curl'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

const first = (header: string, table: [RegExp, string][]) =>
  table.find(([pattern]) => pattern.test(header))?.[1] ?? null;

export function parseUserAgent(header: string | null | undefined): UserAgentNames {
  const text = header ?? '';
  return { browser: first(text, BROWSERS), os: first(text, SYSTEMS) };
}
