import { Flex, Stack, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { createUserBody } from '../../../shared/contracts/users';
import { FormField, SelectInput, TextInput } from '../../../lib/resource-kit/form-field';
import { FormFooter } from '../../../lib/resource-kit/form-footer';
import { formResolver } from '../../../lib/resource-kit/form-resolver';
import { useConflictAwareSave } from '../../../lib/resource-kit/use-conflict-aware-save';
import { newIdempotencyKey } from '../../../lib/ui/idempotency-key';
import { ModalDialog } from '../../../lib/ui/modal-dialog';
import { showToast } from '../../../lib/ui/toast-store';
import { useInviteUser } from './api/invite-user';
import { useRolesForAssignment } from './api/get-roles';
import { usersT, useUsersT } from './strings';

type InviteInput = z.input<typeof createUserBody>;
type InviteBody = z.output<typeof createUserBody>;

const FIELDS = ['firstName', 'lastName', 'emailId', 'roleId'] as const;

/** Invite a colleague: POST /users creates them and mails a link to choose a password. */
export default function InviteUserDialog({ onClose }: { onClose: () => void }) {
  const form = useForm<InviteInput, unknown, InviteBody>({
    resolver: formResolver(createUserBody),
    defaultValues: { firstName: '', lastName: '', emailId: '', roleId: null },
  });
  const t = useUsersT();
  const roles = useRolesForAssignment();
  const invite = useInviteUser();
  // One key per dialog: a double click or a retry after a lost answer sends one invitation, not two.
  const idempotencyKey = useRef(newIdempotencyKey());
  const save = useConflictAwareSave({
    form,
    fieldNames: FIELDS,
    save: (body: InviteBody) => invite.mutateAsync({ body, idempotencyKey: idempotencyKey.current }),
    onSaved: (user) => {
      showToast({ status: 'success', title: usersT('invite.sent', { email: user.emailId }) });
      onClose();
    },
  });
  const errors = form.formState.errors;

  return (
    <ModalDialog title={t('invite.title')} onClose={onClose} maxWidth="md">
      <form noValidate aria-label={t('invite.title')} onSubmit={form.handleSubmit((body) => save.submit(body))}>
        <Stack gap={4}>
          <Text color="fg.muted" textStyle="sm">
            {t('invite.intro')}
          </Text>
          <Flex gap={4} direction={{ base: 'column', sm: 'row' }}>
            <FormField label={t('invite.firstName')} error={errors.firstName?.message}>
              {(control) => <TextInput {...control} autoComplete="off" {...form.register('firstName')} />}
            </FormField>
            <FormField label={t('invite.lastName')} error={errors.lastName?.message}>
              {(control) => <TextInput {...control} autoComplete="off" {...form.register('lastName')} />}
            </FormField>
          </Flex>
          <FormField label={t('invite.email')} error={errors.emailId?.message}>
            {(control) => <TextInput {...control} type="email" autoComplete="off" {...form.register('emailId')} />}
          </FormField>
          <FormField
            label={t('invite.role')}
            error={errors.roleId?.message}
            hint={roles.isError ? t('invite.rolesFailed') : undefined}
          >
            {(control) => (
              <SelectInput
                {...control}
                {...form.register('roleId', { setValueAs: (value: string | null) => (value ? value : null) })}
              >
                <option value="">{t('noRole')}</option>
                {roles.data?.map((role) => (
                  <option key={role._id} value={role._id}>
                    {role.name}
                  </option>
                ))}
              </SelectInput>
            )}
          </FormField>
          <FormFooter
            error={save.formError}
            busy={save.busy}
            saveLabel={t('invite.send')}
            discard={{ label: t('invite.cancel'), onDiscard: onClose }}
          />
        </Stack>
      </form>
    </ModalDialog>
  );
}
