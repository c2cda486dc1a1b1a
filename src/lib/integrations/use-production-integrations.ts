import { useEffect } from 'react';
import { currentEnvironment } from '../api/api-base';
import { integrationsFor } from './integration-plan';
import type { IntegrationUser } from './load-integrations';
import { removeIntegrations } from './remove-integrations';

/**
 * Loads the production integrations for a signed-in user after the first render (an effect), through a
 * dynamic import so none of them is in the first JavaScript; removes them all when the user goes away
 * (logout unmounts the signed-in frame). On any host but production it does nothing.
 */
export function useProductionIntegrations(user: IntegrationUser | null | undefined): void {
  const userId = user?._id;
  useEffect(() => {
    if (!userId || !user) return;
    const names = integrationsFor(currentEnvironment());
    if (names.length === 0) return;
    let cancelled = false;
    void import('./load-integrations').then(({ loadIntegrations }) => {
      if (!cancelled) return loadIntegrations(names, user);
    });
    return () => {
      cancelled = true;
      removeIntegrations();
    };
    // Keyed on the user's id only: a refetched user record must not reload the scripts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId]);
}
