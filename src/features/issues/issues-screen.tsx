/** Placeholder until its helper writes it. */
export function IssuesScreen() {
  return null;
}
