import { Box, Button, Flex, Heading, Link, Stack, Text, chakra } from '@chakra-ui/react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { z } from 'zod';
import { isApiError } from '../../../lib/api/api-error';
import { AuditHistoryButton } from '../../../lib/resource-kit/audit-history';
import { SaveConflictDialog } from '../../../lib/resource-kit/conflict-dialog';
import { FormField, SelectInput, SelectOptions, TextInput } from '../../../lib/resource-kit/form-field';
import { formResolver } from '../../../lib/resource-kit/form-resolver';
import { RequirePermission, useCan } from '../../../lib/resource-kit/permission-gate';
import { formMessageOf } from '../../../lib/resource-kit/server-field-errors';
import { useConflictAwareSave } from '../../../lib/resource-kit/use-conflict-aware-save';
import { useDebouncedValue } from '../../../lib/resource-kit/use-debounced-value';
import { newIdempotencyKey } from '../../../lib/ui/idempotency-key';
import { ModalDialog } from '../../../lib/ui/modal-dialog';
import { Pill } from '../../../lib/ui/pill';
import { showToast } from '../../../lib/ui/toast-store';
import {
  isSignInTemplateType,
  TEMPLATE_LANGUAGES,
  TEMPLATE_TYPES,
  type MailTemplate,
  type MergeField,
  type TemplateType,
} from '../../../shared/contracts/mail-templates';
import { purifyMailHtml } from '../../../lib/rich-text/mail-html-purify';
import { MailEditor, type MailEditorHandle } from '../../../lib/rich-text/mail-editor';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog';
import { CheckboxField } from '../master-data/fields';
import { previewTemplate, templatesResource, useMergeFields } from './api';
import { templatesT, useTemplatesT } from './strings';
import { templatePath } from './templates-screen';

const templateForm = z.strictObject({
  name: z.string().trim().min(1).max(120),
  language: z.enum(TEMPLATE_LANGUAGES),
  subject: z.string().trim().min(1).max(300),
});
type TemplateFormValues = z.infer<typeof templateForm>;

const isTemplateType = (value: string | undefined): value is TemplateType =>
  (TEMPLATE_TYPES as readonly string[]).includes(value ?? '');

/** /settings/templates/{id}/{type}: the editor of one template; a sign-in type also needs `templates`. */
export function TemplateUpdateScreen() {
  const { id = '', type } = useParams();
  const loader = <TemplateLoader key={id} id={id} type={type} />;
  return (
    <RequirePermission module="mail" action="read">
      {isSignInTemplateType(type ?? '') ? (
        <RequirePermission module="templates" action="read">
          {loader}
        </RequirePermission>
      ) : (
        loader
      )}
    </RequirePermission>
  );
}

function TemplateLoader({ id, type }: { id: string; type: string | undefined }) {
  const t = useTemplatesT();
  const query = useQuery({ ...templatesResource.itemQueryOptions(id), retry: false });
  const missing =
    !isTemplateType(type) ||
    (query.data && query.data.type !== type) ||
    (query.isError && isApiError(query.error) && [400, 404].includes(query.error.status));
  return (
    <Stack gap={5} as="section">
      <Link asChild color="brand.fg" textStyle="sm">
        <RouterLink to="/settings/templates">← {t('back')}</RouterLink>
      </Link>
      {missing ? (
        <Text role="alert">{t('notFound', { id })}</Text>
      ) : query.data ? (
        <TemplateEditor template={query.data} onReload={() => void query.refetch()} />
      ) : query.isError ? (
        <Flex role="alert" gap={3} alignItems="center">
          <Text color="fg.error">{t('failed')}</Text>
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </Flex>
      ) : (
        <Text color="fg.muted">{t('loading')}</Text>
      )}
    </Stack>
  );
}

function TemplateEditor({ template, onReload }: { template: MailTemplate; onReload: () => void }) {
  const t = useTemplatesT();
  const client = useQueryClient();
  const navigate = useNavigate();
  // A sign-in template needs the `templates` action as well as the `mail` one, as on the server.
  const signIn = isSignInTemplateType(template.type);
  const allowed = {
    update: useCan('templates', 'update') || !signIn,
    create: useCan('templates', 'create') || !signIn,
    delete: useCan('templates', 'delete') || !signIn,
  };
  const editable = useCan('mail', 'update') && allowed.update;
  const canCreate = useCan('mail', 'create') && allowed.create;
  const canDelete = useCan('mail', 'delete') && allowed.delete;
  const mergeFields = useMergeFields(template.type);
  const fields = mergeFields.data ?? [];
  const ids = { body: useId(), subject: useId() };
  const editor = useRef<MailEditorHandle>(null);
  const subjectId = useRef('');
  const lastFocus = useRef<'subject' | 'body'>('body');
  const [body, setBody] = useState(template.body);
  const [dialog, setDialog] = useState<'saveAs' | 'delete' | null>(null);
  const form = useForm<TemplateFormValues>({
    resolver: formResolver(templateForm),
    defaultValues: { name: template.name, language: template.language, subject: template.subject },
  });
  const subject = form.watch('subject');
  const refresh = () => client.invalidateQueries({ queryKey: templatesResource.keys.all });

  const save = useConflictAwareSave({
    form,
    fieldNames: ['name', 'language', 'subject'],
    save: (values: TemplateFormValues & { body: string; version: number }) =>
      templatesResource.update(template._id, values),
    onSaved: () => {
      void refresh();
      showToast({ status: 'success', title: templatesT('saved') });
    },
  });
  const onSubmit = form.handleSubmit((values) => save.submit({ ...values, body, version: template.version }));

  const makeDefault = async () => {
    try {
      await templatesResource.update(template._id, { isDefault: true, version: template.version });
      await refresh();
      showToast({ status: 'success', title: templatesT('defaultSet', { name: template.name }) });
    } catch (error) {
      const message = formMessageOf(error); // none when kept in the outbox
      if (message) showToast({ status: 'error', title: message });
    }
  };

  const insertField = (name: string) => {
    const input = document.getElementById(subjectId.current) as HTMLInputElement | null;
    if (lastFocus.current === 'subject' && input) {
      const start = input.selectionStart ?? input.value.length;
      const end = input.selectionEnd ?? start;
      const next = `${input.value.slice(0, start)}{{${name}}}${input.value.slice(end)}`;
      form.setValue('subject', next, { shouldDirty: true });
      requestAnimationFrame(() => {
        input.focus();
        const caret = start + name.length + 4;
        input.setSelectionRange(caret, caret);
      });
    } else {
      editor.current?.insertField(name);
    }
  };

  return (
    <Stack gap={5}>
      <Flex justifyContent="space-between" alignItems="center" gap={3} wrap="wrap">
        <Box>
          <Heading as="h2" size="xl">
            {template.name}
          </Heading>
          <Flex gap={2} marginTop={1} alignItems="center">
            <Text textStyle="sm" color="fg.muted">
              {t(`type.${template.type}`)}
            </Text>
            {template.isDefault && <Pill colorPalette="green">{t('isDefault')}</Pill>}
          </Flex>
        </Box>
        <Flex gap={2} wrap="wrap">
          <AuditHistoryButton entity="mailTemplate" entityId={template._id} name={template.name} />
          {editable && !template.isDefault && (
            <Button size="sm" variant="outline" onClick={() => void makeDefault()}>
              {t('setDefault')}
            </Button>
          )}
          {canDelete && !template.isDefault && (
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => setDialog('delete')}>
              {t('delete')}
            </Button>
          )}
        </Flex>
      </Flex>
      {!editable && <Text color="fg.muted">{t('readOnly')}</Text>}
      {signIn && editable && <Text color="fg.muted">{t('secretHint')}</Text>}
      <Flex gap={5} direction={{ base: 'column', xl: 'row' }} alignItems="stretch">
        <chakra.form noValidate aria-label={template.name} onSubmit={onSubmit} flex="3" minWidth="0">
          <fieldset disabled={!editable}>
            <Stack gap={4} bg="bg.panel" borderWidth="1px" borderRadius="l3" padding={6}>
              <Flex gap={4} direction={{ base: 'column', md: 'row' }}>
                <FormField label={t('name')} error={form.formState.errors.name?.message}>
                  {(control) => <TextInput {...control} {...form.register('name')} />}
                </FormField>
                <FormField label={t('language')} error={form.formState.errors.language?.message}>
                  {(control) => (
                    <SelectInput {...control} {...form.register('language')}>
                      <SelectOptions values={TEMPLATE_LANGUAGES} label={(language) => t(`lang.${language}`)} />
                    </SelectInput>
                  )}
                </FormField>
              </Flex>
              <MergeFieldPalette fields={fields} onInsert={insertField} />
              <FormField label={t('subject')} error={form.formState.errors.subject?.message}>
                {(control) => {
                  subjectId.current = control.id;
                  return (
                    <TextInput
                      {...control}
                      {...form.register('subject')}
                      onFocus={() => {
                        lastFocus.current = 'subject';
                      }}
                    />
                  );
                }}
              </FormField>
              <Box onFocus={() => (lastFocus.current = 'body')}>
                <chakra.label id={`${ids.body}-label`} textStyle="sm" fontWeight="medium" display="block">
                  {t('body')}
                </chakra.label>
                {/* The chips need the fields' labels: the editor opens once they are here. */}
                {mergeFields.data ? (
                  <MailEditor
                    id={ids.body}
                    labelledBy={`${ids.body}-label`}
                    onChange={setBody}
                    resetKey={`${template._id}:${template.version}`}
                    initialHtml={template.body}
                    mergeFields={fields}
                    handle={editor}
                  />
                ) : (
                  <Text color={mergeFields.isError ? 'fg.error' : 'fg.muted'}>
                    {mergeFields.isError ? t('failed') : t('loading')}
                  </Text>
                )}
              </Box>
              {save.formError && (
                <Text role="alert" color="fg.error" textStyle="sm">
                  {save.formError}
                </Text>
              )}
              {editable && (
                <Flex justifyContent="flex-end" gap={2} wrap="wrap">
                  {canCreate && (
                    <Button variant="outline" onClick={() => setDialog('saveAs')}>
                      {t('saveAsNew')}
                    </Button>
                  )}
                  <Button type="submit" colorPalette="brand" loading={save.busy}>
                    {t('save')}
                  </Button>
                </Flex>
              )}
            </Stack>
          </fieldset>
        </chakra.form>
        <TemplatePreview id={template._id} subject={subject} body={body} />
      </Flex>
      {dialog === 'saveAs' && (
        <SaveAsNewDialog
          template={template}
          draft={{ subject: form.getValues('subject'), body, language: form.getValues('language') }}
          onClose={() => setDialog(null)}
          onCreated={(created) => {
            void refresh();
            navigate(templatePath(created));
          }}
        />
      )}
      {dialog === 'delete' && (
        <DeleteTemplateDialog
          template={template}
          onClose={() => setDialog(null)}
          onDeleted={() => {
            client.removeQueries({ queryKey: templatesResource.keys.item(template._id) });
            void refresh();
            navigate('/settings/templates');
          }}
        />
      )}
      <SaveConflictDialog save={save} noun={t('noun')} onReload={() => onReload()} />
    </Stack>
  );
}

/** The type's merge fields as buttons: each puts its chip (or `{{field}}` in the subject) at the cursor. */
function MergeFieldPalette({ fields, onInsert }: { fields: readonly MergeField[]; onInsert: (name: string) => void }) {
  const t = useTemplatesT();
  const headingId = useId();
  return (
    <Box role="group" aria-labelledby={headingId}>
      <Text id={headingId} textStyle="sm" fontWeight="medium">
        {t('fields')}
      </Text>
      <Text textStyle="xs" color="fg.muted" marginBottom={2}>
        {t('fieldsHint')}
      </Text>
      <Flex gap={2} wrap="wrap">
        {fields.map((field) => (
          <Button
            key={field.name}
            size="xs"
            variant="subtle"
            colorPalette="brand"
            borderRadius="full"
            title={`{{${field.name}}}`}
            aria-label={t('insertField', { label: field.label })}
            // Keep the focus (and the caret) where the user was typing.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onInsert(field.name)}
          >
            {field.label}
            {field.required ? ' *' : ''}
          </Button>
        ))}
      </Flex>
    </Box>
  );
}

/** The server's rendering of the draft with sample values, refreshed a moment after each change. */
function TemplatePreview({ id, subject, body }: { id: string; subject: string; body: string }) {
  const t = useTemplatesT();
  const draft = useDebouncedValue({ subject, body }, 400);
  const preview = useQuery({
    queryKey: [...templatesResource.keys.item(id), 'preview', draft],
    queryFn: ({ signal }) => previewTemplate(id, draft, signal),
    placeholderData: keepPreviousData,
    retry: false,
    enabled: draft.subject.trim().length > 0,
  });
  const headingId = useId();
  return (
    <Box
      as="section"
      aria-labelledby={headingId}
      flex="2"
      minWidth="0"
      bg="bg.panel"
      borderWidth="1px"
      borderRadius="l3"
      padding={6}
    >
      <Heading as="h3" size="md" id={headingId}>
        {t('preview')}
      </Heading>
      <Text textStyle="xs" color="fg.muted" marginBottom={3}>
        {t('previewHint')}
      </Text>
      {preview.isError && (
        <Text role="status" color="fg.error" textStyle="sm" marginBottom={2}>
          {t('previewFailed', { message: formMessageOf(preview.error) })}
        </Text>
      )}
      {preview.data && (
        <Stack gap={3} opacity={preview.isError ? 0.5 : 1} data-testid="template-preview">
          <Text fontWeight="semibold">{t('previewSubject', { subject: preview.data.subject })}</Text>
          <Box
            borderTopWidth="1px"
            paddingTop={3}
            css={{
              '& p': { marginBottom: '2' },
              '& a': { color: 'blue.fg', textDecoration: 'underline' },
              '& ul': { paddingLeft: '1.25rem', listStyleType: 'disc' },
            }}
            // The server sanitized it; the browser reduces it again to the same allow-list before showing it.
            dangerouslySetInnerHTML={{ __html: purifyMailHtml(preview.data.html) }}
          />
        </Stack>
      )}
    </Box>
  );
}

/** SPEC's save-template dialog: the editor's draft as a new template of the same type. */
function SaveAsNewDialog({
  template,
  draft,
  onClose,
  onCreated,
}: {
  template: MailTemplate;
  draft: { subject: string; body: string; language: MailTemplate['language'] };
  onClose: () => void;
  onCreated: (created: MailTemplate) => void;
}) {
  const t = useTemplatesT();
  const [name, setName] = useState(`${template.name} (2)`);
  const [language, setLanguage] = useState(draft.language);
  const [isDefault, setIsDefault] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  // One key per dialog: a double click or a retry after a lost answer creates one template.
  const [key] = useState(newIdempotencyKey);
  const submit = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const created = await templatesResource.create(
        { name: name.trim(), type: template.type, language, subject: draft.subject, body: draft.body, isDefault },
        key,
      );
      showToast({ status: 'success', title: templatesT('created') });
      onCreated(created);
    } catch (failure) {
      setError(formMessageOf(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <ModalDialog title={t('saveAsNewTitle')} onClose={onClose} maxWidth="md">
      <chakra.form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap={4}>
          <FormField label={t('name')}>
            {(control) => (
              <TextInput {...control} value={name} maxLength={120} onChange={(event) => setName(event.target.value)} />
            )}
          </FormField>
          <FormField label={t('language')}>
            {(control) => (
              <SelectInput
                {...control}
                value={language}
                onChange={(event) => setLanguage(event.target.value as MailTemplate['language'])}
              >
                <SelectOptions values={TEMPLATE_LANGUAGES} label={(l) => t(`lang.${l}`)} />
              </SelectInput>
            )}
          </FormField>
          <CheckboxField
            label={t('makeDefault')}
            checked={isDefault}
            onChange={(event) => setIsDefault(event.target.checked)}
          />
          {isDefault && (
            <Text textStyle="xs" color="fg.muted">
              {t('makeDefaultHint', { type: t(`type.${template.type}`).toLowerCase() })}
            </Text>
          )}
          {error && (
            <Text role="alert" color="fg.error" textStyle="sm">
              {error}
            </Text>
          )}
          <Flex justifyContent="flex-end" gap={2}>
            <Button variant="outline" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" colorPalette="brand" loading={busy} disabled={!name.trim()}>
              {t('saveAsNew')}
            </Button>
          </Flex>
        </Stack>
      </chakra.form>
    </ModalDialog>
  );
}

function DeleteTemplateDialog({
  template,
  onClose,
  onDeleted,
}: {
  template: MailTemplate;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const t = useTemplatesT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const confirm = async () => {
    setBusy(true);
    try {
      await templatesResource.remove(template._id);
      showToast({ status: 'success', title: templatesT('deleted') });
      onDeleted();
    } catch (failure) {
      setError(formMessageOf(failure));
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      title={t('deleteTitle', { name: template.name })}
      body={t('deleteConfirm')}
      confirmLabel={t('delete')}
      cancelLabel={t('cancel')}
      busy={busy}
      error={error}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}
