/** Placeholder until its helper writes it. */
export function ReportsScreen() {
  return null;
}
