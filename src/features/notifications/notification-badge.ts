/** The most the bell's badge spells out; above it the badge reads "9+" (docs/product-rules.md section 9). */
export const BADGE_MAX_COUNT = 9;

/** The bell badge's text: nothing for no unread notifications, the count up to 9, then "9+". */
export function badgeText(count: number): string | undefined {
  if (!Number.isFinite(count) || count <= 0) return undefined;
  return count > BADGE_MAX_COUNT ? `${BADGE_MAX_COUNT}+` : String(Math.floor(count));
}
