import { Box, Button, Flex, Grid, Heading, Stack, Text, chakra } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { SetupChecklist } from '../../../lib/account-setup-checklist';
import { apiCall, apiList } from '../../../lib/api/api-client';
import { scaleDown, usePicture } from '../../../lib/avatar/avatar-image';
import { QueuedPictureMark, useQueuedPicture } from '../../../lib/avatar/queued-picture';
import { usePictureUpload } from '../../../lib/avatar/use-picture-upload';
import { formatDate } from '../../../lib/i18n/format';
import { CountryPicker, CurrencyTimeZoneFields, PickerField } from '../../../lib/pickers';
import { AuditHistoryButton } from '../../../lib/resource-kit/audit-history';
import { SaveConflictDialog } from '../../../lib/resource-kit/conflict-dialog';
import { FormField, SelectInput, TextInput } from '../../../lib/resource-kit/form-field';
import { RecordFormFooter } from '../../../lib/resource-kit/form-footer';
import { formResolver } from '../../../lib/resource-kit/form-resolver';
import { withPermission, useCan } from '../../../lib/resource-kit/permission-gate';
import { sendWrite } from '../../../lib/outbox/write';
import { useConflictAwareSave } from '../../../lib/resource-kit/use-conflict-aware-save';
import { useSession } from '../../../lib/session/use-session';
import { Pill } from '../../../lib/ui/pill';
import { ConfirmedButton } from '../../../lib/ui/confirm-dialog';
import { showToast } from '../../../lib/ui/toast-store';
import { LoadFailed } from '../../../lib/ui/load-failed';
import { PageHeader } from '../../../lib/ui/page-header';
import { companySchema, updateCompanyBody } from '../../../shared/contracts/company';
import { companyT, useCompanyT } from './strings';

type Company = z.infer<typeof companySchema>;

/** The form's fields: the company's own settings (the plan is read-only). */
const companyForm = updateCompanyBody
  .omit({ version: true, address: true, account_setup: true })
  .required({ name: true, short_name: true })
  .extend({
    address: z.strictObject({
      line1: z.string().trim().max(200),
      line2: z.string().trim().max(200),
      city: z.string().trim().max(120),
      postcode: z.string().trim().max(20),
      state: z.string().trim().max(120),
    }),
    account_setup: z.boolean(),
  });
type CompanyFormInput = z.input<typeof companyForm>;
type CompanyFormBody = z.output<typeof companyForm>;
const FIELDS = [
  'name',
  'short_name',
  'company_type',
  'account_type',
  'prefered_language',
  'operating_country',
  'currency',
  'timezone',
  'phone',
  'address',
  'is_subscribed_for_campaign',
  'twoFactorAuth',
  'account_setup',
] as const;

const undefinedIfEmpty = (value: string | undefined) => (value ? value : undefined);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

function formValues(company: Company): CompanyFormInput {
  return {
    name: company.name,
    short_name: company.short_name,
    company_type: company.company_type,
    account_type: company.account_type,
    prefered_language: company.prefered_language,
    operating_country: company.operating_country,
    currency: company.currency,
    timezone: company.timezone,
    phone: company.phone,
    address: {
      line1: text(company.address.line1),
      line2: text(company.address.line2),
      city: text(company.address.city),
      postcode: text(company.address.postcode),
      state: text(company.address.state),
    },
    is_subscribed_for_campaign: company.is_subscribed_for_campaign,
    twoFactorAuth: company.twoFactorAuth,
    account_setup: company.account_setup,
  };
}

const companyQuery = (id: string) => ({
  queryKey: ['company', id] as const,
  queryFn: () => apiCall('iamserver', `/companies/${encodeURIComponent(id)}`, companySchema),
});

/** /settings/company: every field of the company (docs/product-rules.md section 3), its plan, and the set-up checklist. */
export const CompanyScreen = withPermission('company', 'read', CompanyLoader);

function CompanyLoader() {
  const t = useCompanyT();
  const { company } = useSession();
  const query = useQuery({ ...companyQuery(company?._id ?? ''), enabled: Boolean(company?._id) });
  if (query.data) return <CompanyForm company={query.data} onReload={() => void query.refetch()} />;
  if (query.isError)
    return <LoadFailed message={t('failed')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />;
  return <Text color="fg.muted">{t('loading')}</Text>;
}

function CompanyForm({ company, onReload }: { company: Company; onReload: () => void }) {
  const t = useCompanyT();
  const client = useQueryClient();
  const editable = useCan('company', 'update');
  const form = useForm<CompanyFormInput, unknown, CompanyFormBody>({
    resolver: formResolver(companyForm),
    defaultValues: formValues(company),
  });
  useEffect(() => form.reset(formValues(company)), [company, form]);
  const save = useConflictAwareSave({
    form: form as never,
    fieldNames: FIELDS,
    // Offline, the change waits in the outbox and shows at once (the form keeps it).
    save: (body: CompanyFormBody & { version: number }) =>
      sendWrite(
        {
          service: 'iamserver',
          path: `/companies/${encodeURIComponent(company._id)}`,
          method: 'PATCH',
          body,
          resource: companyQuery(company._id).queryKey[0],
          recordId: company._id,
          label: company.name,
        },
        companySchema,
      ),
    onSaved: (saved: Company) => {
      client.setQueryData(companyQuery(company._id).queryKey, saved);
      showToast({ status: 'success', title: companyT('saved') });
    },
  });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit((body) => save.submit({ ...body, version: company.version }));

  return (
    <Stack gap={6}>
      <Flex justifyContent="space-between" alignItems="flex-start" gap={4} wrap="wrap">
        <PageHeader level={2} title={t('title')} subtitle={t('subtitle')} marginBottom={0} />
        <AuditHistoryButton entity="company" entityId={company._id} name={company.name} />
      </Flex>
      <Grid templateColumns={{ base: '1fr', xl: '2fr 1fr' }} gap={6} alignItems="start">
        <chakra.form
          noValidate
          aria-label={t('details')}
          onSubmit={onSubmit}
          bg="bg.panel"
          borderWidth="1px"
          borderRadius="l3"
          padding={6}
        >
          <fieldset disabled={!editable}>
            <Stack gap={4}>
              <Flex gap={4} direction={{ base: 'column', md: 'row' }}>
                <FormField label={t('name')} error={errors.name?.message}>
                  {(control) => <TextInput {...control} {...form.register('name')} />}
                </FormField>
                <FormField label={t('shortName')} error={errors.short_name?.message}>
                  {(control) => <TextInput {...control} {...form.register('short_name')} />}
                </FormField>
              </Flex>
              <Flex gap={4} direction={{ base: 'column', md: 'row' }}>
                <FormField label={t('companyType')} error={errors.company_type?.message}>
                  {(control) => (
                    <TextInput {...control} {...form.register('company_type', { setValueAs: undefinedIfEmpty })} />
                  )}
                </FormField>
                <FormField label={t('accountType')} error={errors.account_type?.message}>
                  {(control) => (
                    <TextInput {...control} {...form.register('account_type', { setValueAs: undefinedIfEmpty })} />
                  )}
                </FormField>
              </Flex>
              <Flex gap={4} direction={{ base: 'column', md: 'row' }}>
                <FormField label={t('language')} error={errors.prefered_language?.message} hint={t('languageHint')}>
                  {(control) => (
                    <SelectInput {...control} {...form.register('prefered_language')}>
                      <option value="en">{t('english')}</option>
                      <option value="es">{t('spanish')}</option>
                    </SelectInput>
                  )}
                </FormField>
                <FormField label={t('country')} error={errors.operating_country?.message}>
                  {(control) => (
                    <PickerField form={form} name="operating_country" picker={CountryPicker} control={control} />
                  )}
                </FormField>
              </Flex>
              <CurrencyTimeZoneFields form={form} errors={errors} label={t} />
              <FormField label={t('phone')} error={errors.phone?.message}>
                {(control) => <TextInput {...control} type="tel" {...form.register('phone')} />}
              </FormField>
              <chakra.fieldset borderWidth="1px" borderRadius="l2" padding={4}>
                <chakra.legend textStyle="sm" fontWeight="medium" paddingX={1}>
                  {t('address')}
                </chakra.legend>
                <Stack gap={3}>
                  <FormField label={t('line1')} error={errors.address?.line1?.message}>
                    {(control) => <TextInput {...control} {...form.register('address.line1')} />}
                  </FormField>
                  <FormField label={t('line2')} error={errors.address?.line2?.message}>
                    {(control) => <TextInput {...control} {...form.register('address.line2')} />}
                  </FormField>
                  <Flex gap={3} direction={{ base: 'column', md: 'row' }}>
                    <FormField label={t('postcode')} error={errors.address?.postcode?.message}>
                      {(control) => <TextInput {...control} {...form.register('address.postcode')} />}
                    </FormField>
                    <FormField label={t('city')} error={errors.address?.city?.message}>
                      {(control) => <TextInput {...control} {...form.register('address.city')} />}
                    </FormField>
                    <FormField label={t('state')} error={errors.address?.state?.message}>
                      {(control) => <TextInput {...control} {...form.register('address.state')} />}
                    </FormField>
                  </Flex>
                </Stack>
              </chakra.fieldset>
              <Checkbox label={t('campaign')} {...form.register('is_subscribed_for_campaign')} />
              <Checkbox label={t('twoFactor')} {...form.register('twoFactorAuth')} />
              <Checkbox label={t('setupDone')} {...form.register('account_setup')} />
              <RecordFormFooter
                save={save}
                editable={editable}
                dirty={form.formState.isDirty}
                saveLabel={t('save')}
                discardLabel={t('discard')}
                onDiscard={() => form.reset(formValues(company))}
              />
            </Stack>
          </fieldset>
        </chakra.form>
        <Stack gap={6}>
          <LogoPanel company={company} editable={editable} />
          <PlanPanel company={company} />
          <SetupPanel company={company} />
        </Stack>
      </Grid>
      <SaveConflictDialog save={save} noun={t('noun')} onReload={() => onReload()} />
    </Stack>
  );
}

/**
 * The company's logo: any image, scaled down to at most 512 px, uploaded through driveserver. Offline the
 * change waits in the outbox (use-picture-upload.ts) and shows from the device, marked as waiting.
 */
function LogoPanel({ company, editable }: { company: Company; editable: boolean }) {
  const t = useCompanyT();
  const client = useQueryClient();
  const picturePath = `/companies/${encodeURIComponent(company._id)}/logo`;
  const queued = useQueuedPicture('logo', company._id);
  const stored = usePicture(picturePath, queued?.removed ? null : company.logoFileId);
  const src = queued ? (queued.removed ? null : (queued.src ?? stored)) : stored;
  const hasLogo = queued ? !queued.removed : Boolean(company.logoFileId);
  const { input, busy, choose, remove } = usePictureUpload({
    kind: 'logo',
    picturePath,
    prepare: (file) => scaleDown(file, 512),
    fileName: 'logo.png',
    write: () => ({
      service: 'iamserver',
      path: `/companies/${encodeURIComponent(company._id)}`,
      method: 'PATCH',
      body: { version: company.version },
      resource: companyQuery(company._id).queryKey[0],
      recordId: company._id,
    }),
    schema: companySchema,
    onSaved: (saved) => client.setQueryData(companyQuery(company._id).queryKey, saved),
    savedMessage: () => companyT('logoSaved'),
  });
  return (
    <Panel title={t('logo')}>
      <Stack gap={3} alignItems="flex-start">
        {src ? (
          <chakra.img src={src} alt={t('logoAlt', { name: company.name })} maxHeight="24" maxWidth="full" />
        ) : (
          <Text textStyle="sm" color="fg.muted">
            {t('noLogo')}
          </Text>
        )}
        <QueuedPictureMark queued={queued} />
        {editable && (
          <Flex gap={2} wrap="wrap">
            <Button size="sm" variant="outline" loading={busy} onClick={() => input.current?.click()}>
              {hasLogo ? t('changeLogo') : t('addLogo')}
            </Button>
            {hasLogo && (
              <ConfirmedButton
                label={t('removeLogo')}
                title={t('removeLogoTitle')}
                body={t('removeLogoBody')}
                cancelLabel={t('removeLogoCancel')}
                disabled={busy}
                onConfirm={remove}
              />
            )}
            <chakra.input
              ref={input}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              aria-label={t('logoFile')}
              display="none"
              onChange={(event) => choose(event.target.files?.[0])}
            />
          </Flex>
        )}
      </Stack>
    </Panel>
  );
}

function Checkbox({ label, ...props }: { label: string } & React.ComponentProps<'input'>) {
  return (
    <chakra.label display="flex" alignItems="center" gap={2} textStyle="sm" cursor="pointer">
      <chakra.input type="checkbox" width="4" height="4" {...props} />
      {label}
    </chakra.label>
  );
}

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box as="section" aria-label={title} bg="bg.panel" borderWidth="1px" borderRadius="l3" padding={5}>
      <Heading as="h3" size="md" marginBottom={3}>
        {title}
      </Heading>
      {children}
    </Box>
  );
}

function PlanPanel({ company }: { company: Company }) {
  const t = useCompanyT();
  return (
    <Panel title={t('plan')}>
      <Grid templateColumns="auto 1fr" columnGap={4} rowGap={1} textStyle="sm">
        <Text color="fg.muted">{t('planName')}</Text>
        <Text data-testid="plan-name">{company.subscripedPlan.name}</Text>
        <Text color="fg.muted">{t('expires')}</Text>
        <Flex gap={2} alignItems="center">
          <Text data-testid="plan-expiry">{formatDate(company.subscripedPlan.expiryDate)}</Text>
          {company.isExpired && <Pill colorPalette="red">{t('expired')}</Pill>}
        </Flex>
      </Grid>
      <Text textStyle="xs" color="fg.muted" marginTop={3}>
        {t('planHint')}
      </Text>
    </Panel>
  );
}

/**
 * The dashboard's set-up checklist (src/lib/account-setup-checklist.tsx), with the same facts; exported for
 * src/app/account-setup-agreement.test.tsx, which holds the two equal.
 */
export function SetupPanel({ company }: { company: Company }) {
  const t = useCompanyT();
  const canReadUsers = useCan('users', 'read');
  const canReadContacts = useCan('contacts', 'read');
  const users = useQuery({
    queryKey: ['company', company._id, 'user-count'] as const,
    queryFn: async () => (await apiList('iamserver', '/users?limit=1', z.object({ _id: z.string() }))).meta.total,
    enabled: canReadUsers,
  });
  const contacts = useQuery({
    queryKey: ['company', company._id, 'contact-count'] as const,
    queryFn: async () =>
      (
        await apiList('contactserver', '/contacts/paginate', z.object({ _id: z.string() }), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ page: 1, limit: 1 }),
        })
      ).meta.total,
    enabled: canReadContacts,
  });
  return (
    <Panel title={t('setup')}>
      <SetupChecklist facts={{ company, users: users.data, contacts: contacts.data }} />
    </Panel>
  );
}
