import { Button, Flex, Heading, Link, Stack, Text, chakra } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { isApiError } from '../../lib/api/api-error';
import { NETWORK_ERROR_CODE } from '../../lib/api/api-client';
import { isQueuedWrite } from '../../lib/outbox/queued-write-error';
import { AuditHistoryButton } from '../../lib/resource-kit/audit-history';
import { SaveConflictDialog } from '../../lib/resource-kit/conflict-dialog';
import { FormField, TextInput } from '../../lib/resource-kit/form-field';
import { NotAllowedScreen } from '../../lib/resource-kit/not-allowed-screen';
import { RequirePermission, useCan } from '../../lib/resource-kit/permission-gate';
import { formMessageOf } from '../../lib/resource-kit/server-field-errors';
import { useConflictAwareSave } from '../../lib/resource-kit/use-conflict-aware-save';
import { useOnline } from '../../lib/resource-kit/use-online';
import { useSession } from '../../lib/session/use-session';
import { showToast } from '../../lib/ui/toast-store';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import { PageHeader } from '../../lib/ui/page-header';
import {
  reportFileName,
  type ReportFormat,
  type ReportSketch,
  type UpdateReportSketchInput,
} from '../../shared/contracts/reports';
import { downloadReport, REPORT_AUDIT_ENTITY, reportsResource, runReport } from './api';
import { LayoutEditor } from './layout-editor';
import {
  columnsNotOffered,
  layoutOf,
  readableSources,
  sameLayout,
  updateBody,
  type ReportLayout,
} from './report-definition';
import { RunPreview } from './run-preview';
import { columnLabel, reportsT, sourceLabel, useReportsT } from './strings';

/** /reports/{id}: one report's builder and its preview. */
export function ReportScreen() {
  const { id = '' } = useParams();
  return (
    <RequirePermission module="reports" action="read">
      <ReportLoader key={id} id={id} />
    </RequirePermission>
  );
}

function ReportLoader({ id }: { id: string }) {
  const t = useReportsT();
  const query = useQuery(reportsResource.itemQueryOptions(id));
  let body;
  if (query.data) {
    body = <ReportBuilder sketch={query.data} reload={async () => (await query.refetch()).data} />;
  } else if (isApiError(query.error) && query.error.status === 403) {
    body = <NotAllowedScreen />;
  } else if (query.isError) {
    const gone = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
    body = (
      <Text role="alert" color="fg.error">
        {gone ? t('gone') : t('failed')}
      </Text>
    );
  } else {
    body = (
      <Text role="status" color="fg.muted">
        {t('loading')}
      </Text>
    );
  }
  return (
    <Stack as="section" gap={5} maxWidth="7xl" marginX="auto">
      <Link asChild color="brand.fg" textStyle="sm" alignSelf="flex-start">
        <RouterLink to="/reports">← {t('back')}</RouterLink>
      </Link>
      {body}
    </Stack>
  );
}

interface Fields {
  name: string;
  description: string;
}

/** Why a run or an export failed, in words: no connection is said as such. */
function runFailure(error: unknown): string {
  if (isApiError(error) && error.code === NETWORK_ERROR_CODE) return reportsT('needsConnection');
  return formMessageOf(error);
}

/** The action bar's buttons: a size smaller on a phone, so that the bar keeps to one row. */
const ACTION_SIZE = { base: 'sm', md: 'md' } as const;

function ReportBuilder({ sketch, reload }: { sketch: ReportSketch; reload: () => Promise<ReportSketch | undefined> }) {
  const t = useReportsT();
  const client = useQueryClient();
  const online = useOnline();
  const { user } = useSession();
  // A report on records the role may not read (issue 24): shown read-only with the reason, never an
  // editable builder that says "not allowed" only after Run.
  const sourceReadable = readableSources(user).includes(sketch.source);
  // A report that shows what the role may not see (a job's money): read-only the same way.
  const hiddenColumns = sourceReadable ? columnsNotOffered(user, sketch) : [];
  const sourceAllowed = sourceReadable && hiddenColumns.length === 0;
  const canEdit = useCan('reports', 'update') && sourceAllowed;
  const canDelete = useCan('reports', 'delete');
  /** The stored report the builder's changes are made on (its version goes with the save). */
  const [base, setBase] = useState(sketch);
  const [layout, setLayout] = useState<ReportLayout>(() => layoutOf(sketch));
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [exporting, setExporting] = useState<ReportFormat | null>(null);
  const [deleting, setDeleting] = useState(false);
  const form = useForm<Fields>({ defaultValues: { name: sketch.name, description: sketch.description } });
  const dirty = form.formState.isDirty || !sameLayout(layout, layoutOf(base));

  const adopt = (stored: ReportSketch) => {
    setBase(stored);
    setLayout(layoutOf(stored));
    setIssues({});
    form.reset({ name: stored.name, description: stored.description });
  };

  // Someone saved a newer version (a refetch brought it): show it, unless this builder has changes of its
  // own, which a save would then meet as a conflict.
  useEffect(() => {
    if (sketch.version !== base.version && !dirty) adopt(sketch);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new stored record is a reason to adopt
  }, [sketch]);

  const saved = useRef(false);
  const sent = useRef<UpdateReportSketchInput | null>(null);
  const save = useConflictAwareSave<Fields, UpdateReportSketchInput, ReportSketch>({
    form,
    fieldNames: ['name', 'description'],
    save: (body) => reportsResource.update(base._id, body),
    onSaved: (stored) => {
      saved.current = true;
      client.setQueryData(reportsResource.keys.item(stored._id), stored);
      void client.invalidateQueries({ queryKey: reportsResource.keys.lists });
      adopt(stored);
      showToast({ status: 'success', title: reportsT('saved') });
    },
    // Kept in the outbox: the change shows as made (the outbox's toast says it is waiting to be sent).
    onQueued: () => {
      const body = sent.current;
      if (!body) return;
      const { version: _version, ...changes } = body;
      adopt({ ...base, ...changes } as ReportSketch);
    },
  });

  /** Saves the builder's changes; resolves whether they reached the server. */
  const saveChanges = async (): Promise<boolean> => {
    form.clearErrors();
    const values = form.getValues();
    const check = updateBody({ ...values, version: base.version }, layout, base.source);
    if (!check.ok) {
      setIssues(check.issues);
      for (const field of ['name', 'description'] as const) {
        const message = check.issues[field];
        if (message) form.setError(field, { type: 'validate', message });
      }
      return false;
    }
    setIssues({});
    saved.current = false;
    sent.current = check.body;
    await save.submit(check.body);
    return saved.current;
  };

  const run = useMutation({ mutationFn: () => runReport(base._id) });

  /** Run and export act on the stored definition: unsaved changes are saved first. */
  const saveFirst = async () => !dirty || !canEdit || (await saveChanges());

  // The results are below the definition: Run brings them into view (on a phone they are a screen or more
  // away), once they are there to see.
  const preview = useRef<HTMLDivElement>(null);
  const runNow = async () => {
    if (await saveFirst())
      run.mutate(undefined, {
        onSettled: () => preview.current?.scrollIntoView({ block: 'start', behavior: 'smooth' }),
      });
  };

  const exportAs = async (format: 'csv' | 'xlsx') => {
    if (!(await saveFirst())) return;
    setExporting(format);
    try {
      const name = await downloadReport(base._id, format, reportFileName(base.name, new Date(), format));
      showToast({ status: 'success', title: reportsT('exported', { name }) });
    } catch (error) {
      showToast({ status: 'error', title: runFailure(error) });
    } finally {
      setExporting(null);
    }
  };

  const unknownIssues = Object.entries(issues).filter(
    ([path]) =>
      !['name', 'description', 'columns', 'sort.field', 'chart.groupBy'].includes(path) &&
      !/^filters\.\d+\.(field|op|value)$/.test(path),
  );

  return (
    <Stack gap={5}>
      <Flex justifyContent="space-between" alignItems="flex-start" gap={3} wrap="wrap">
        <PageHeader title={base.name} subtitle={t('sourceIs', { source: sourceLabel(base.source) })} marginBottom={0} />
        <Flex gap={2}>
          <AuditHistoryButton entity={REPORT_AUDIT_ENTITY} entityId={base._id} name={base.name} />
          {canDelete && (
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => setDeleting(true)}>
              {t('delete')}
            </Button>
          )}
        </Flex>
      </Flex>
      {!sourceAllowed ? (
        <Text role="note" textStyle="sm" color="fg.warning" data-testid="report-not-allowed">
          {sourceReadable
            ? t('columnsNotAllowed', { columns: hiddenColumns.map((key) => columnLabel(base.source, key)).join(', ') })
            : t('sourceNotAllowed', { source: sourceLabel(base.source) })}
        </Text>
      ) : (
        !canEdit && (
          <Text role="note" textStyle="sm" color="fg.muted">
            {t('readOnly')}
          </Text>
        )
      )}
      <chakra.form
        noValidate
        aria-label={t('definition')}
        onSubmit={(event) => {
          event.preventDefault();
          void saveChanges();
        }}
      >
        <chakra.fieldset disabled={!canEdit} minWidth={0}>
          <Stack gap={4}>
            <Stack gap={4} bg="bg.panel" borderWidth="1px" borderRadius="l3" padding={{ base: 4, md: 5 }}>
              <FormField label={t('name')} error={form.formState.errors.name?.message}>
                {(control) => <TextInput {...control} maxLength={120} {...form.register('name')} />}
              </FormField>
              <FormField label={t('description')} error={form.formState.errors.description?.message}>
                {(control) => (
                  <chakra.textarea
                    {...control}
                    {...form.register('description')}
                    rows={2}
                    maxLength={1000}
                    borderWidth="1px"
                    borderRadius="l2"
                    padding={2}
                    bg="bg"
                  />
                )}
              </FormField>
            </Stack>
            <LayoutEditor source={base.source} layout={layout} onChange={setLayout} issues={issues} />
            {unknownIssues.length > 0 && (
              <Text role="alert" color="fg.error" textStyle="sm">
                {unknownIssues.map(([path, message]) => `${path}: ${message}`).join(' ')}
              </Text>
            )}
            {save.formError && (
              <Text role="alert" color="fg.error" textStyle="sm">
                {save.formError}
              </Text>
            )}
          </Stack>
        </chakra.fieldset>
        {/* One row on every screen: on a phone the buttons are a size smaller and the exports name their
            format only (their accessible names stay whole). Toasts keep clear of it (data-toast-avoid). */}
        <Flex
          data-toast-avoid=""
          gap={2}
          wrap={{ base: 'nowrap', md: 'wrap' }}
          alignItems="center"
          justifyContent="flex-end"
          marginTop={4}
          position="sticky"
          bottom={0}
          paddingY={3}
          bg="bg"
          zIndex={1}
        >
          {dirty && (
            <Text textStyle={{ base: 'xs', md: 'sm' }} color="fg.warning" marginEnd="auto" role="status" truncate>
              {t('unsaved')}
            </Text>
          )}
          {canEdit && (
            <Button type="submit" variant="outline" size={ACTION_SIZE} loading={save.busy} disabled={!dirty}>
              {t('save')}
            </Button>
          )}
          {sourceAllowed && (
            <>
              <Button
                variant="outline"
                size={ACTION_SIZE}
                aria-label={t('exportCsv')}
                disabled={!online || exporting !== null || save.busy}
                loading={exporting === 'csv'}
                onClick={() => void exportAs('csv')}
              >
                <chakra.span hideFrom="md">CSV</chakra.span>
                <chakra.span hideBelow="md">{t('exportCsv')}</chakra.span>
              </Button>
              <Button
                variant="outline"
                size={ACTION_SIZE}
                aria-label={t('exportXlsx')}
                disabled={!online || exporting !== null || save.busy}
                loading={exporting === 'xlsx'}
                onClick={() => void exportAs('xlsx')}
              >
                <chakra.span hideFrom="md">XLSX</chakra.span>
                <chakra.span hideBelow="md">{t('exportXlsx')}</chakra.span>
              </Button>
              <Button
                colorPalette="brand"
                size={ACTION_SIZE}
                disabled={!online || save.busy}
                loading={run.isPending}
                onClick={() => void runNow()}
              >
                {t('run')}
              </Button>
            </>
          )}
        </Flex>
      </chakra.form>
      {sourceAllowed && (
        <Stack as="section" ref={preview} aria-label={t('preview')} gap={3} scrollMarginTop={20}>
          <Heading as="h2" size="lg">
            {t('preview')}
          </Heading>
          {!online && (
            <Text role="status" color="fg.warning" textStyle="sm">
              {t('needsConnection')}
            </Text>
          )}
          {run.isPending ? (
            <Text role="status" color="fg.muted">
              {t('running')}
            </Text>
          ) : run.isError ? (
            <Text role="alert" color="fg.error">
              {runFailure(run.error)}
            </Text>
          ) : run.data ? (
            <RunPreview run={run.data} source={base.source} />
          ) : (
            <Text color="fg.muted">{t('previewHint')}</Text>
          )}
        </Stack>
      )}
      {deleting && <DeleteReportDialog sketch={base} onClose={() => setDeleting(false)} />}
      <SaveConflictDialog
        save={save}
        noun={t('noun')}
        onReload={() => void reload().then((stored) => stored && adopt(stored))}
      />
    </Stack>
  );
}

function DeleteReportDialog({ sketch, onClose }: { sketch: ReportSketch; onClose: () => void }) {
  const t = useReportsT();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const confirm = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await reportsResource.remove(sketch._id, sketch.name);
      showToast({ status: 'success', title: reportsT('deleted') });
    } catch (failure) {
      if (!isQueuedWrite(failure)) {
        setError(formMessageOf(failure));
        setBusy(false);
        return;
      }
    }
    navigate('/reports');
    // After leaving: refetching the deleted report itself would only answer 404.
    client.removeQueries({ queryKey: reportsResource.keys.item(sketch._id) });
    void client.invalidateQueries({ queryKey: reportsResource.keys.lists });
  };
  return (
    <ConfirmDialog
      title={t('deleteTitle', { name: sketch.name })}
      body={t('deleteBody')}
      confirmLabel={t('confirmDelete')}
      cancelLabel={t('cancel')}
      busy={busy}
      error={error}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}
