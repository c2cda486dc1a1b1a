/** Placeholder until its helper writes it. */
export function AppAdminScreen() {
  return null;
}
