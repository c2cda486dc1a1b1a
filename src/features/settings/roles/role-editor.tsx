import { roleName as systemRoleName, useSystemRecordsT } from '../../../lib/i18n/system-records';
import { Button, Flex, Heading, Link, Stack, Text, chakra } from '@chakra-ui/react';
import { NeedsConnection } from '../../../lib/online/needs-connection';
import { useOnline } from '../../../lib/resource-kit/use-online';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { fetchAllPages } from '../../../lib/api/fetch-all-pages';
import { AuditHistoryButton } from '../../../lib/resource-kit/audit-history';
import { SaveConflictDialog } from '../../../lib/resource-kit/conflict-dialog';
import { FormField, SelectInput, TextInput } from '../../../lib/resource-kit/form-field';
import { FormFooter } from '../../../lib/resource-kit/form-footer';
import { formResolver } from '../../../lib/resource-kit/form-resolver';
import { RequirePermission, withPermission, useCan } from '../../../lib/resource-kit/permission-gate';
import { formMessageOf } from '../../../lib/resource-kit/server-field-errors';
import { useConflictAwareSave } from '../../../lib/resource-kit/use-conflict-aware-save';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog';
import { showToast } from '../../../lib/ui/toast-store';
import { roleDescription, roleName, type PermissionCatalogue, type Role } from '../../../shared/contracts/roles';
import { PermissionMatrix, type Matrix } from './permission-matrix';
import { moveRoleUsers, rolesResource, usePermissionCatalogue } from './roles-api';
import { rolesT, useRolesT } from './strings';

const roleForm = z.strictObject({ name: roleName, description: roleDescription });
type RoleFormValues = z.infer<typeof roleForm>;

export function preset(catalogue: PermissionCatalogue, kind: 'full' | 'read' | 'none'): Matrix {
  const out: Matrix = {};
  for (const entry of catalogue) {
    out[entry.resource] = kind === 'full' ? [...entry.actions] : kind === 'read' ? ['read'] : [];
  }
  return out;
}

/** /accounts/roles/create/ */
export const RoleCreateScreen = withPermission('roles', 'create', RoleEditor);

/**
 * /settings/roles/{id}. The permission is checked before the role is asked for: a role without
 * `roles: read` sees the not-allowed screen and the service gets no call it would refuse (issue 24).
 */
export function RoleEditLoader({ id }: { id: string }) {
  return (
    <RequirePermission module="roles" action="read">
      <RoleEditLoaderAllowed id={id} />
    </RequirePermission>
  );
}

function RoleEditLoaderAllowed({ id }: { id: string }) {
  const t = useRolesT();
  const query = useQuery(rolesResource.itemQueryOptions(id));
  return query.data ? (
    <RoleEditor role={query.data} onReload={() => void query.refetch()} />
  ) : query.isError ? (
    <Text role="alert" color="fg.error">
      {t('failed')}
    </Text>
  ) : (
    <Text color="fg.muted">{t('loading')}</Text>
  );
}

function RoleEditor({ role, onReload }: { role?: Role; onReload?: () => void }) {
  const t = useRolesT();
  useSystemRecordsT();
  const navigate = useNavigate();
  const client = useQueryClient();
  const catalogue = usePermissionCatalogue();
  const editable = useCan('roles', role ? 'update' : 'create');
  const canDelete = useCan('roles', 'delete');
  const [matrix, setMatrix] = useState<Matrix>((role?.permissions as Matrix | undefined) ?? {});
  const [deleting, setDeleting] = useState(false);
  const form = useForm<RoleFormValues>({
    resolver: formResolver(roleForm),
    defaultValues: { name: role?.name ?? '', description: role?.description ?? '' },
  });
  useEffect(() => {
    if (!role) return;
    form.reset({ name: role.name, description: role.description });
    setMatrix(role.permissions as Matrix);
  }, [role, form]);
  const save = useConflictAwareSave({
    form,
    fieldNames: ['name', 'description'],
    save: (body: RoleFormValues & { permissions: Matrix; version?: number }) =>
      role ? rolesResource.update(role._id, body) : rolesResource.create(body),
    onSaved: (saved: Role) => {
      void client.invalidateQueries({ queryKey: rolesResource.keys.all });
      showToast({ status: 'success', title: role ? rolesT('saved') : rolesT('created') });
      if (!role) navigate(`/settings/roles/${saved._id}`, { replace: true });
    },
  });
  const entries = catalogue.data ?? [];
  const onSubmit = form.handleSubmit((values) =>
    save.submit({ ...values, permissions: matrix, ...(role ? { version: role.version } : {}) }),
  );

  return (
    <Stack gap={5} as="section">
      <Link asChild color="brand.fg" textStyle="sm">
        <RouterLink to="/settings/roles">← {t('back')}</RouterLink>
      </Link>
      <Flex justifyContent="space-between" alignItems="center" gap={3} wrap="wrap">
        <Heading as="h2" size="xl">
          {role ? systemRoleName(role) : t('newTitle')}
        </Heading>
        {role && (
          <Flex gap={2}>
            <AuditHistoryButton entity="role" entityId={role._id} name={role.name} />
            {/* Out of the form's fieldset, which a role that may delete but not update sees disabled. */}
            {canDelete && !role.isSystem && (
              <Button size="sm" variant="outline" colorPalette="red" onClick={() => setDeleting(true)}>
                {t('delete')}
              </Button>
            )}
          </Flex>
        )}
      </Flex>
      <chakra.form noValidate aria-label={role ? role.name : t('newTitle')} onSubmit={onSubmit}>
        <fieldset disabled={!editable}>
          <Stack gap={5} bg="bg.panel" borderWidth="1px" borderRadius="l3" padding={6}>
            <Flex gap={4} direction={{ base: 'column', md: 'row' }}>
              <FormField label={t('name')} error={form.formState.errors.name?.message}>
                {(control) => <TextInput {...control} {...form.register('name')} />}
              </FormField>
              <FormField label={t('description')} error={form.formState.errors.description?.message}>
                {(control) => <TextInput {...control} {...form.register('description')} />}
              </FormField>
            </Flex>
            <Flex justifyContent="space-between" alignItems="center" gap={3} wrap="wrap">
              <Heading as="h3" size="md">
                {t('permissions')}
              </Heading>
              <Flex gap={2}>
                <Button size="sm" variant="outline" onClick={() => setMatrix(preset(entries, 'full'))}>
                  {t('fullAccess')}
                </Button>
                <Button size="sm" variant="outline" onClick={() => setMatrix(preset(entries, 'read'))}>
                  {t('readOnly')}
                </Button>
                <Button size="sm" variant="outline" onClick={() => setMatrix(preset(entries, 'none'))}>
                  {t('clear')}
                </Button>
              </Flex>
            </Flex>
            <PermissionMatrix entries={entries} matrix={matrix} onChange={setMatrix} />
            <FormFooter error={save.formError} busy={save.busy} {...(editable ? { saveLabel: t('save') } : {})} />
          </Stack>
        </fieldset>
      </chakra.form>
      {role && deleting && <DeleteRoleDialog role={role} onClose={() => setDeleting(false)} />}
      <SaveConflictDialog save={save} noun={t('noun')} onReload={() => onReload?.()} />
    </Stack>
  );
}

/** Deleting a role that users hold asks which role they move to, then moves them and deletes it. */
function DeleteRoleDialog({ role, onClose }: { role: Role; onClose: () => void }) {
  const t = useRolesT();
  const navigate = useNavigate();
  const client = useQueryClient();
  const others = useQuery({
    queryKey: [...rolesResource.keys.all, 'others', 'whole', role._id],
    queryFn: ({ signal }) =>
      fetchAllPages(rolesResource.service, `${rolesResource.path}?sort=name`, rolesResource.item, { signal }),
  });
  const choices = (others.data ?? []).filter((r) => r._id !== role._id);
  const [target, setTarget] = useState('');
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const confirm = async () => {
    setBusy(true);
    setError(undefined);
    try {
      if (role.userCount > 0) await moveRoleUsers(role._id, target);
      await rolesResource.remove(role._id);
      showToast({ status: 'success', title: rolesT('deleted') });
      navigate('/settings/roles');
      // After leaving: refetching the deleted role itself would only answer 404.
      client.removeQueries({ queryKey: rolesResource.keys.item(role._id) });
      void client.invalidateQueries({ queryKey: rolesResource.keys.all });
    } catch (failure) {
      setError(formMessageOf(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      title={t('deleteTitle', { name: role.name })}
      body={role.userCount > 0 ? t('deleteMove', { count: role.userCount }) : t('deleteEmpty')}
      details={
        role.userCount > 0 && (
          <>
            <NeedsConnection action="moveUsers" />
            <FormField label={t('moveTo')}>
              {(control) => (
                <SelectInput {...control} value={target} onChange={(event) => setTarget(event.target.value)}>
                  <option value="" />
                  {choices.map((r) => (
                    <option key={r._id} value={r._id}>
                      {r.name}
                    </option>
                  ))}
                </SelectInput>
              )}
            </FormField>
          </>
        )
      }
      confirmLabel={t('confirmDelete')}
      cancelLabel={t('cancel')}
      busy={busy}
      confirmDisabled={role.userCount > 0 && (!target || !online)}
      error={error}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}
