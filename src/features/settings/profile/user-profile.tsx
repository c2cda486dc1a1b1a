import { Box, Button, Flex, Grid, Heading, Stack, Text, chakra } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { updateUserBody, type User } from '../../../shared/contracts/users';
import { isApiError } from '../../../lib/api/api-error';
import { SaveConflictDialog } from '../../../lib/resource-kit/conflict-dialog';
import { FormField, SelectInput, TextInput } from '../../../lib/resource-kit/form-field';
import { RecordFormFooter } from '../../../lib/resource-kit/form-footer';
import { formResolver } from '../../../lib/resource-kit/form-resolver';
import { NotAllowedScreen } from '../../../lib/resource-kit/not-allowed-screen';
import { useCan } from '../../../lib/resource-kit/permission-gate';
import { useConflictAwareSave } from '../../../lib/resource-kit/use-conflict-aware-save';
import { useSession } from '../../../lib/session/use-session';
import { showToast } from '../../../lib/ui/toast-store';
import { useRolesForAssignment } from '../users/api/get-roles';
import { useUpdateUser } from '../users/api/update-user';
import { usersResource } from '../users/api/users-resource';
import { UserStatusBadge } from '../users/user-status-badge';
import { lastSignInText } from '../users/user-status';
import { AvatarEditor, UserAvatar } from './avatar-editor';
import { LanguageZonePanel } from './language-zone-panel';
import { ownProfileQueryOptions, useUpdateOwnProfile } from './profile-api';
import { AuditHistoryButton } from '../../../lib/resource-kit/audit-history';
import { OwnAccount } from './own-account';
import { profileT, useProfileT } from './strings';

/** The profile form edits these fields of `PATCH /users/{id}` (the server's own schema validates them). */
const profileBody = updateUserBody.pick({ firstName: true, lastName: true, name: true, roleId: true, phone: true });
type ProfileInput = z.input<typeof profileBody>;
type ProfileBody = z.output<typeof profileBody>;
const FIELDS = ['firstName', 'lastName', 'name', 'roleId', 'phone'] as const;

const formValues = (user: User): ProfileInput => ({
  firstName: user.firstName,
  lastName: user.lastName,
  name: user.name,
  roleId: user.roleId,
  phone: user.phone,
});

/**
 * One user's profile: the screen behind /settings/users/{id} and /settings/profile alike (docs/product-rules.md
 * section 2). What can be changed follows the role: name and role for `users.update`, disabling too;
 * nobody disables themselves or changes their own role (the server refuses it as well).
 */
export function UserProfile({ userId, self = false }: { userId: string; self?: boolean }) {
  // The own profile comes from `/profile`, which every role may read and edit; another user's from `/users`.
  const own = useQuery({ ...ownProfileQueryOptions(), enabled: self });
  const other = useQuery({ ...usersResource.itemQueryOptions(userId), enabled: !self });
  const query = self ? own : other;
  if (query.error) {
    if (isApiError(query.error) && query.error.status === 403) return <NotAllowedScreen />;
    const missing = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
    return (
      <Box role="alert" bg="bg.panel" borderWidth="1px" borderRadius="l3" padding={8}>
        <Heading as="h2" size="lg">
          {missing ? profileT('notFound') : profileT('failed')}
        </Heading>
        <Text color="fg.muted" marginTop={2}>
          {missing ? profileT('notFoundBody') : query.error.message}
        </Text>
      </Box>
    );
  }
  if (!query.data) {
    return (
      <Text role="status" color="fg.muted">
        {profileT('loading')}
      </Text>
    );
  }
  return <UserProfileForm user={query.data} self={self} onReload={() => query.refetch().then((r) => r.data)} />;
}

function UserProfileForm({
  user,
  self,
  onReload,
}: {
  user: User;
  self: boolean;
  onReload: () => Promise<User | undefined>;
}) {
  const { user: me } = useSession();
  const isSelf = self || me?._id === user._id;
  const t = useProfileT();
  const canUpdate = useCan('users', 'update');
  const roles = useRolesForAssignment(canUpdate && !isSelf);
  const updateOther = useUpdateUser(user._id);
  const updateOwn = useUpdateOwnProfile();
  const update = self ? updateOwn : updateOther;
  const form = useForm<ProfileInput, unknown, ProfileBody>({
    resolver: formResolver(profileBody),
    defaultValues: formValues(user),
  });
  const save = useConflictAwareSave({
    form,
    fieldNames: FIELDS,
    save: update,
    onSaved: (saved) => {
      form.reset(formValues(saved));
      showToast({ status: 'success', title: profileT('saved') });
    },
  });
  // A newer copy of the user arriving (reload, another tab's save) becomes the form's baseline.
  useEffect(() => {
    form.reset(formValues(user));
  }, [user, form]);

  const errors = form.formState.errors;
  const editable = self || canUpdate;
  const onSubmit = form.handleSubmit((body) =>
    save.submit({ ...body, ...(isSelf ? { roleId: undefined } : {}), version: user.version }),
  );

  return (
    <Stack gap={6}>
      <Flex
        bg="bg.panel"
        borderWidth="1px"
        borderRadius="l3"
        padding={6}
        gap={4}
        justifyContent="space-between"
        alignItems="flex-start"
        wrap="wrap"
      >
        <Box minWidth={0}>
          <Box marginBottom={4}>{self ? <AvatarEditor user={user} /> : <UserAvatar user={user} />}</Box>
          <Flex alignItems="center" gap={3} wrap="wrap">
            <Heading as="h2" size="xl">
              {user.name || user.emailId}
            </Heading>
            <UserStatusBadge user={user} />
            <AuditHistoryButton entity="user" entityId={user._id} name={user.name || user.emailId} />
          </Flex>
          <Text color="fg.muted" marginTop={1}>
            {user.emailId}
          </Text>
        </Box>
        <Grid templateColumns="auto auto" columnGap={4} rowGap={1} textStyle="sm">
          <Text color="fg.muted">{t('role')}</Text>
          <Text>{user.roleName ?? t('noRole')}</Text>
          <Text color="fg.muted">{t('lastSignIn')}</Text>
          <Text data-testid="last-sign-in">{lastSignInText(user.lastSignInAt)}</Text>
        </Grid>
      </Flex>

      <chakra.form
        noValidate
        aria-label={t('form')}
        onSubmit={onSubmit}
        bg="bg.panel"
        borderWidth="1px"
        borderRadius="l3"
        padding={6}
      >
        <Heading as="h3" size="md" marginBottom={4}>
          {t('details')}
        </Heading>
        <fieldset disabled={!editable}>
          <Stack gap={4}>
            <Flex gap={4} direction={{ base: 'column', sm: 'row' }}>
              <FormField label={t('firstName')} error={errors.firstName?.message}>
                {(control) => <TextInput {...control} {...form.register('firstName')} />}
              </FormField>
              <FormField label={t('lastName')} error={errors.lastName?.message}>
                {(control) => <TextInput {...control} {...form.register('lastName')} />}
              </FormField>
            </Flex>
            <FormField label={t('displayName')} error={errors.name?.message} hint={t('displayNameHint')}>
              {(control) => <TextInput {...control} {...form.register('name')} />}
            </FormField>
            <FormField label={t('phone')} error={errors.phone?.message} hint={t('phoneHint')}>
              {(control) => <TextInput {...control} type="tel" autoComplete="tel" {...form.register('phone')} />}
            </FormField>
            {!isSelf && (
              <FormField label={t('role')} error={errors.roleId?.message}>
                {(control) => (
                  <SelectInput
                    {...control}
                    {...form.register('roleId', { setValueAs: (value: string | null) => (value ? value : null) })}
                  >
                    <option value="">{t('noRole')}</option>
                    {/* The current role, even before the list arrives, so the select never shows a wrong value. */}
                    {user.roleId && !roles.data?.some((role) => role._id === user.roleId) && (
                      <option value={user.roleId}>{user.roleName ?? t('currentRole')}</option>
                    )}
                    {roles.data?.map((role) => (
                      <option key={role._id} value={role._id}>
                        {role.name}
                      </option>
                    ))}
                  </SelectInput>
                )}
              </FormField>
            )}
            <RecordFormFooter
              save={save}
              editable={editable}
              dirty={form.formState.isDirty}
              saveLabel={t('save')}
              discardLabel={t('discard')}
              onDiscard={() => form.reset(formValues(user))}
            />
          </Stack>
        </fieldset>
      </chakra.form>

      {self && <LanguageZonePanel />}
      {isSelf && <OwnAccount />}

      {editable && !isSelf && (
        <Flex
          bg="bg.panel"
          borderWidth="1px"
          borderColor={user.disabled ? 'border' : 'border.error'}
          borderRadius="l3"
          padding={6}
          gap={4}
          justifyContent="space-between"
          alignItems="center"
          wrap="wrap"
        >
          <Box>
            <Heading as="h3" size="md">
              {user.disabled ? t('enableTitle') : t('disableTitle')}
            </Heading>
            <Text color="fg.muted" textStyle="sm" marginTop={1}>
              {user.disabled ? t('enableBody') : t('disableBody')}
            </Text>
          </Box>
          <Button
            colorPalette={user.disabled ? 'green' : 'red'}
            variant={user.disabled ? 'solid' : 'outline'}
            disabled={save.busy}
            onClick={() => void save.submit({ disabled: !user.disabled, version: user.version })}
          >
            {user.disabled ? t('enable') : t('disable')}
          </Button>
        </Flex>
      )}

      <SaveConflictDialog
        save={save}
        noun={t('noun')}
        onReload={() => void onReload().then((fresh) => fresh && form.reset(formValues(fresh)))}
      />
    </Stack>
  );
}
