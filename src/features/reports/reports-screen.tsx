import { Box, Button, Flex, Link, Stack, Text, chakra } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { formatDateTime } from '../../lib/i18n/format';
import { isQueuedWrite } from '../../lib/outbox/queued-write-error';
import { FormField, SelectInput, SelectOptions, TextInput } from '../../lib/resource-kit/form-field';
import { Can, withPermission } from '../../lib/resource-kit/permission-gate';
import { ResourceList } from '../../lib/resource-kit/resource-list';
import type { ResourceColumns } from '../../lib/resource-kit/resource-table';
import { mapServerErrors } from '../../lib/resource-kit/server-field-errors';
import { useSession } from '../../lib/session/use-session';
import { ModalDialog } from '../../lib/ui/modal-dialog';
import { showToast } from '../../lib/ui/toast-store';
import { PageHeader } from '../../lib/ui/page-header';
import { REPORT_NAME_MAX, type ReportSketch, type ReportSource } from '../../shared/contracts/reports';
import { reportsResource } from './api';
import { newReportBody, readableSources } from './report-definition';
import { reportsT, sourceLabel, useReportsT } from './strings';

const column = createColumnHelper<ReportSketch>();

/** /reports: the company's saved reports, and a new one. */
export const ReportsScreen = withPermission('reports', 'read', Reports);

function Reports() {
  const t = useReportsT();
  const { user } = useSession();
  const readable = readableSources(user);
  const [creating, setCreating] = useState(false);
  const columns: ResourceColumns<ReportSketch> = [
    column.accessor('name', {
      header: () => reportsT('name'),
      meta: { sortField: 'name', width: 'minmax(14rem, 3fr)' },
      cell: (info) => (
        <Stack gap={0.5}>
          <Link asChild fontWeight="medium" color="brand.fg">
            <RouterLink to={`/reports/${encodeURIComponent(info.row.original._id)}`}>{info.getValue()}</RouterLink>
          </Link>
          {info.row.original.description && (
            <Text textStyle="xs" color="fg.muted" lineClamp={1}>
              {info.row.original.description}
            </Text>
          )}
          {/* Listed, read-only, with the reason: the role cannot read what the report is made of. */}
          {!readable.includes(info.row.original.source) && (
            <Text textStyle="xs" color="fg.warning" data-report-not-allowed="">
              {t('listNotAllowed', { source: sourceLabel(info.row.original.source) })}
            </Text>
          )}
        </Stack>
      ),
    }),
    column.accessor('source', {
      header: () => reportsT('source'),
      meta: { sortField: 'source', width: 'minmax(8rem, 1fr)' },
      cell: (info) => sourceLabel(info.getValue()),
    }),
    column.accessor('updatedAt', {
      header: () => reportsT('updatedAt'),
      meta: { sortField: 'updatedAt', width: 'minmax(10rem, 1fr)' },
      cell: (info) => formatDateTime(info.getValue()),
    }),
  ];
  return (
    <Box as="section" maxWidth="7xl" marginX="auto">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <ResourceList
        resource={reportsResource}
        columns={columns}
        label={t('title')}
        plural={t('plural')}
        getRowId={(row) => row._id}
        emptyText={t('empty')}
        actions={
          <Can module="reports" action="create">
            <Button colorPalette="brand" onClick={() => setCreating(true)}>
              {t('add')}
            </Button>
          </Can>
        }
      />
      {creating && <NewReportDialog onClose={() => setCreating(false)} />}
    </Box>
  );
}

/**
 * "New report": a name and a source among those the role may read; the report starts with the source's
 * usual columns, order and chart, and the builder opens on it.
 */
function NewReportDialog({ onClose }: { onClose: () => void }) {
  const t = useReportsT();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { user } = useSession();
  const sources = readableSources(user);
  const [name, setName] = useState('');
  const [source, setSource] = useState<ReportSource | ''>(sources[0] ?? '');
  const [errors, setErrors] = useState<{ name?: string; source?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const create = async () => {
    if (!source) return;
    setBusy(true);
    setErrors({});
    try {
      const created = await reportsResource.create(newReportBody(name, source));
      void client.invalidateQueries({ queryKey: reportsResource.keys.lists });
      showToast({ status: 'success', title: reportsT('created') });
      navigate(`/reports/${encodeURIComponent(created._id)}`);
    } catch (error) {
      // Kept in the outbox (offline): the list shows it at once, the builder opens once it is sent.
      if (isQueuedWrite(error)) {
        onClose();
        return;
      }
      const mapped = mapServerErrors(error, ['name', 'source']);
      setErrors({
        ...(mapped.fields.name ? { name: mapped.fields.name } : {}),
        ...(mapped.fields.source ? { source: mapped.fields.source } : {}),
        ...(mapped.form ? { form: mapped.form } : {}),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog title={t('newTitle')} onClose={onClose} maxWidth="md">
      {sources.length === 0 ? (
        <Text>{t('noSources')}</Text>
      ) : (
        <chakra.form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim() && source) void create();
          }}
        >
          <Stack gap={4}>
            <FormField label={t('name')} error={errors.name}>
              {(control) => (
                <TextInput
                  {...control}
                  value={name}
                  maxLength={REPORT_NAME_MAX}
                  autoComplete="off"
                  onChange={(event) => setName(event.target.value)}
                />
              )}
            </FormField>
            <FormField label={t('source')} error={errors.source}>
              {(control) => (
                <SelectInput
                  {...control}
                  value={source}
                  onChange={(event) => setSource(event.target.value as ReportSource)}
                >
                  <SelectOptions values={sources} label={sourceLabel} />
                </SelectInput>
              )}
            </FormField>
            {errors.form && (
              <Text role="alert" color="fg.error" textStyle="sm">
                {errors.form}
              </Text>
            )}
            <Flex justifyContent="flex-end" gap={2}>
              <Button variant="outline" onClick={onClose}>
                {t('cancel')}
              </Button>
              <Button type="submit" colorPalette="brand" loading={busy} disabled={!name.trim() || !source}>
                {t('create')}
              </Button>
            </Flex>
          </Stack>
        </chakra.form>
      )}
    </ModalDialog>
  );
}
