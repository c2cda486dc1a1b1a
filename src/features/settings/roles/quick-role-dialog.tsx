import { Stack } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { roleDescription, roleName } from '../../../shared/contracts/roles';
import { FormField, SelectInput, TextInput } from '../../../lib/resource-kit/form-field';
import { FormFooter } from '../../../lib/resource-kit/form-footer';
import { formResolver } from '../../../lib/resource-kit/form-resolver';
import { formMessageOf } from '../../../lib/resource-kit/server-field-errors';
import { ModalDialog } from '../../../lib/ui/modal-dialog';
import { showToast } from '../../../lib/ui/toast-store';
import { preset } from './role-editor';
import { rolesResource, usePermissionCatalogue } from './roles-api';
import { rolesT, useRolesT } from './strings';

const quickRole = z.strictObject({
  name: roleName,
  description: roleDescription,
  start: z.enum(['read', 'full', 'none']),
});
type QuickRole = z.infer<typeof quickRole>;

/** The role dialog of docs/product-rules.md section 2: a role made in one step from the users screen. */
export default function QuickRoleDialog({ onClose }: { onClose: () => void }) {
  const t = useRolesT();
  const client = useQueryClient();
  const navigate = useNavigate();
  const catalogue = usePermissionCatalogue();
  const [error, setError] = useState<string>();
  const form = useForm<QuickRole>({
    resolver: formResolver(quickRole),
    defaultValues: { name: '', description: '', start: 'read' },
  });
  const submit = form.handleSubmit(async ({ name, description, start }) => {
    setError(undefined);
    try {
      const role = await rolesResource.create({ name, description, permissions: preset(catalogue.data ?? [], start) });
      void client.invalidateQueries({ queryKey: ['roles'] });
      showToast({ status: 'success', title: rolesT('created') });
      onClose();
      void navigate(`/settings/roles/${role._id}`);
    } catch (failure) {
      setError(formMessageOf(failure));
    }
  });
  return (
    <ModalDialog title={t('quickTitle')} onClose={onClose} maxWidth="md">
      <form noValidate aria-label={t('quickTitle')} onSubmit={(event) => void submit(event)}>
        <Stack gap={4}>
          <FormField label={t('name')} error={form.formState.errors.name?.message}>
            {(control) => <TextInput {...control} {...form.register('name')} />}
          </FormField>
          <FormField label={t('description')} error={form.formState.errors.description?.message}>
            {(control) => <TextInput {...control} {...form.register('description')} />}
          </FormField>
          <FormField label={t('quickStart')} hint={t('quickHint')}>
            {(control) => (
              <SelectInput {...control} {...form.register('start')}>
                <option value="read">{t('readOnly')}</option>
                <option value="full">{t('fullAccess')}</option>
                <option value="none">{t('clear')}</option>
              </SelectInput>
            )}
          </FormField>
          <FormFooter
            error={error}
            busy={form.formState.isSubmitting}
            saveLabel={t('create')}
            saveDisabled={!catalogue.data}
            discard={{ label: t('cancel'), onDiscard: onClose }}
          />
        </Stack>
      </form>
    </ModalDialog>
  );
}
