import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserInput } from '../../../../shared/contracts/users';
import { usersResource } from './users-resource';

/** `POST /users`: creates the user and mails the invitation; the lists refresh to show them. */
export function useInviteUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateUserInput; idempotencyKey: string }) =>
      usersResource.create(body, idempotencyKey),
    onSuccess: () => client.invalidateQueries({ queryKey: usersResource.keys.lists }),
  });
}
