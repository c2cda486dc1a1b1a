/**
 * What the session needs from the router without importing the shell: how to go to /login (keeping
 * `redirect_uri`) and whether the current route requires a signed-in user. RequireAuth registers it.
 */
export interface RouteBridge {
  goToLogin(): void;
  currentRouteRequiresAuth(): boolean;
}

let bridge: RouteBridge | null = null;

export function registerRouteBridge(next: RouteBridge): () => void {
  bridge = next;
  return () => {
    if (bridge === next) bridge = null;
  };
}

export function routeBridge(): RouteBridge | null {
  return bridge;
}
