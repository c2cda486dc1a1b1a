/**
 * The one style of every table header in the app (the resource lists, the role matrix, the reference
 * lists, the report preview, the history and import tables): small, semibold, muted, in sentence case. A
 * header wraps between words only, never inside one ("UN/LOCODE" stays whole), so its column is at least
 * as wide as its longest word.
 */
export const TABLE_HEADER_CSS = {
  textAlign: 'start',
  textStyle: 'xs',
  fontWeight: 'semibold',
  color: 'fg.muted',
  whiteSpace: 'normal',
  overflowWrap: 'normal',
  wordBreak: 'keep-all',
  hyphens: 'manual',
} as const;
