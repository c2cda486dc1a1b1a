import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { UpdateUserInput, User } from '../../../../shared/contracts/users';
import { usersResource } from './users-resource';

/**
 * `PATCH /users/{id}` with the edited version; the saved user replaces the cached one and the lists
 * refresh (a name, role or status shows there too).
 */
export function useUpdateUser(id: string): (body: UpdateUserInput) => Promise<User> {
  const client = useQueryClient();
  return useCallback(
    async (body: UpdateUserInput) => {
      const saved = await usersResource.update(id, body);
      client.setQueryData(usersResource.keys.item(id), saved);
      void client.invalidateQueries({ queryKey: usersResource.keys.lists });
      return saved;
    },
    [client, id],
  );
}
