/** Placeholder until its helper writes it. */
export function ReportScreen() {
  return null;
}
