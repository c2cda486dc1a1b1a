/**
 * `GET|PATCH /profile`: the signed-in user's own profile, which every role may edit (names, phone,
 * avatar). A save refreshes the cached user everywhere it shows (the users list, the avatar).
 */
import { queryOptions, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { sendWrite } from '../../../lib/outbox/write';
import { apiCall } from '../../../lib/api/api-client';
import type { UpdateOwnProfileInput } from '../../../shared/contracts/profile';
import { userSchema, type User } from '../../../shared/contracts/users';
import { usersResource } from '../users/api/users-resource';

export const OWN_PROFILE_KEY = ['profile', 'own'] as const;

export const ownProfileQueryOptions = () =>
  queryOptions({
    queryKey: OWN_PROFILE_KEY,
    queryFn: ({ signal }) => apiCall('iamserver', '/profile', userSchema, { signal }),
  });

export function useUpdateOwnProfile(): (body: UpdateOwnProfileInput) => Promise<User> {
  const client = useQueryClient();
  return useCallback(
    async (body: UpdateOwnProfileInput) => {
      // Offline, the change waits in the outbox and shows at once (rejects with QueuedWrite).
      const current = client.getQueryData<User>(OWN_PROFILE_KEY);
      const saved = await sendWrite(
        {
          service: 'iamserver',
          path: '/profile',
          method: 'PATCH',
          body,
          resource: OWN_PROFILE_KEY[0],
          recordId: current?._id ?? null,
          label: current?.name ?? '',
        },
        userSchema,
      );
      savedOwnProfile(client, saved);
      return saved;
    },
    [client],
  );
}

/** The own profile as the server answered a save: the cached user everywhere it shows (the users list, the avatar). */
export function savedOwnProfile(client: QueryClient, saved: User): void {
  client.setQueryData(OWN_PROFILE_KEY, saved);
  client.setQueryData(usersResource.keys.item(saved._id), saved);
  void client.invalidateQueries({ queryKey: usersResource.keys.lists });
  // The open avatar menu's picture (src/app/menu-picture.tsx).
  void client.invalidateQueries({ queryKey: [...OWN_PROFILE_KEY, 'picture'] });
}
