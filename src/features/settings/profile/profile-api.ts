/**
 * `GET|PATCH /profile`: the signed-in user's own profile, which every role may edit (names, phone,
 * avatar). A save refreshes the cached user everywhere it shows (the users list, the avatar).
 */
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiCall } from '../../../lib/api/api-client';
import { newIdempotencyKey } from '../../../lib/ui/idempotency-key';
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
      const saved = await apiCall('iamserver', '/profile', userSchema, {
        method: 'PATCH',
        body: JSON.stringify(body),
        headers: { 'Idempotency-Key': newIdempotencyKey() },
      });
      client.setQueryData(OWN_PROFILE_KEY, saved);
      client.setQueryData(usersResource.keys.item(saved._id), saved);
      void client.invalidateQueries({ queryKey: usersResource.keys.lists });
      // The open avatar menu's picture (src/app/menu-picture.tsx).
      void client.invalidateQueries({ queryKey: [...OWN_PROFILE_KEY, 'picture'] });
      return saved;
    },
    [client],
  );
}
