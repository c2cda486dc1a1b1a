import { Flex, Heading, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import type { z } from 'zod';
import { CountryPicker, CurrencyTimeZoneFields, PickerField } from '../../lib/pickers';
import { FormField, SelectInput, SelectOptions, TextInput } from '../../lib/resource-kit/form-field';
import { RecordDialog } from '../../lib/resource-kit/record-dialog';
import {
  COMPANY_ACCOUNT_TYPES,
  createAppAdminCompanyBody,
  type AppAdminCompany,
  type CreateAppAdminCompanyInput,
} from '../../shared/contracts/company';
import { appAdminCompanies } from './api';
import { extendedExpiry } from './plan-extension';
import { useAppAdminT } from './strings';
import { isoDate } from '../../shared/dates';

/** The inputs stop where the contract does: the lengths are read from its schema, not restated. */
const body = createAppAdminCompanyBody.shape;
const MAX = {
  name: body.name.maxLength ?? undefined,
  shortName: body.shortName.maxLength ?? undefined,
  planName: body.planName.unwrap().maxLength ?? undefined,
  firstName: body.admin.shape.firstName.maxLength ?? undefined,
  lastName: body.admin.shape.lastName.maxLength ?? undefined,
};

const FIELDS = [
  'name',
  'shortName',
  'accountType',
  'planName',
  'expiryDate',
  'operatingCountry',
  'currency',
  'timezone',
  'admin.email',
  'admin.firstName',
  'admin.lastName',
] as const;

/**
 * "New company": the company and its first administrator, made in one call; the administrator is mailed
 * an invitation to choose a password. `onCreated` gets the company and the address the invitation went to.
 */
export function NewCompanyDialog({
  onCreated,
  onClose,
}: {
  onCreated: (company: AppAdminCompany, adminEmail: string) => void;
  onClose: () => void;
}) {
  const t = useAppAdminT();
  const adminEmail = useRef('');
  const today = isoDate();
  return (
    <RecordDialog<CreateAppAdminCompanyInput, z.output<typeof createAppAdminCompanyBody>, AppAdminCompany>
      title={t('newTitle')}
      noun={t('noun')}
      schema={createAppAdminCompanyBody}
      defaultValues={{
        accountType: 'business',
        planName: 'standard',
        expiryDate: extendedExpiry(today, 'year'),
        operatingCountry: 'US',
        currency: 'USD',
        timezone: 'UTC',
      }}
      fieldNames={FIELDS}
      save={(body) => {
        adminEmail.current = body.admin.email;
        return appAdminCompanies.create(body);
      }}
      onSaved={(company) => onCreated(company, adminEmail.current)}
      onClose={onClose}
    >
      {(form) => {
        const errors = form.formState.errors;
        return (
          <>
            <Heading as="h3" size="sm">
              {t('companySection')}
            </Heading>
            <Flex gap={4} direction={{ base: 'column', md: 'row' }}>
              <FormField label={t('name')} error={errors.name?.message}>
                {(control) => <TextInput {...control} maxLength={MAX.name} {...form.register('name')} />}
              </FormField>
              <FormField label={t('shortName')} error={errors.shortName?.message}>
                {(control) => <TextInput {...control} maxLength={MAX.shortName} {...form.register('shortName')} />}
              </FormField>
            </Flex>
            <Flex gap={4} direction={{ base: 'column', md: 'row' }}>
              <FormField label={t('accountType')} error={errors.accountType?.message}>
                {(control) => (
                  <SelectInput {...control} {...form.register('accountType')}>
                    <SelectOptions values={COMPANY_ACCOUNT_TYPES} label={(type) => t(`accountType.${type}`)} />
                  </SelectInput>
                )}
              </FormField>
              <FormField label={t('operatingCountry')} error={errors.operatingCountry?.message}>
                {(control) => (
                  <PickerField form={form} name="operatingCountry" picker={CountryPicker} control={control} />
                )}
              </FormField>
            </Flex>
            <CurrencyTimeZoneFields form={form} errors={errors} label={t} />
            <Flex gap={4} direction={{ base: 'column', md: 'row' }}>
              <FormField label={t('planName')} error={errors.planName?.message}>
                {(control) => <TextInput {...control} maxLength={MAX.planName} {...form.register('planName')} />}
              </FormField>
              <FormField label={t('expiry')} error={errors.expiryDate?.message}>
                {(control) => <TextInput {...control} type="date" {...form.register('expiryDate')} />}
              </FormField>
            </Flex>
            <Heading as="h3" size="sm" marginTop={2}>
              {t('adminSection')}
            </Heading>
            <Text color="fg.muted" textStyle="sm" marginTop={-2}>
              {t('adminHint')}
            </Text>
            <FormField label={t('adminEmail')} error={errors.admin?.email?.message}>
              {(control) => (
                <TextInput {...control} type="email" autoComplete="off" {...form.register('admin.email')} />
              )}
            </FormField>
            <Flex gap={4} direction={{ base: 'column', md: 'row' }}>
              <FormField label={t('adminFirstName')} error={errors.admin?.firstName?.message}>
                {(control) => (
                  <TextInput {...control} maxLength={MAX.firstName} {...form.register('admin.firstName')} />
                )}
              </FormField>
              <FormField label={t('adminLastName')} error={errors.admin?.lastName?.message}>
                {(control) => <TextInput {...control} maxLength={MAX.lastName} {...form.register('admin.lastName')} />}
              </FormField>
            </Flex>
          </>
        );
      }}
    </RecordDialog>
  );
}
