import { Box, Button, Flex, Stack, Text, chakra } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { apiBase } from '../../lib/api/api-base';
import { authorizedFetch } from '../../lib/api/api-client';
import { usePicture } from '../../lib/avatar/avatar-image';
import { formatDateTime, formatNumber } from '../../lib/i18n/format';
import { FormField, SelectInput, SelectOptions } from '../../lib/resource-kit/form-field';
import { withPermission, useCan } from '../../lib/resource-kit/permission-gate';
import { RecordDialog } from '../../lib/resource-kit/record-dialog';
import { ResourceList } from '../../lib/resource-kit/resource-list';
import type { ResourceColumns } from '../../lib/resource-kit/resource-table';
import { OpenRecordButton } from '../../lib/resource-kit/open-record-button';
import { useSession } from '../../lib/session/use-session';
import { Pill } from '../../lib/ui/pill';
import { showToast } from '../../lib/ui/toast-store';
import { PageHeader } from '../../lib/ui/page-header';
import {
  ISSUE_PRIORITIES,
  ISSUE_STATUSES,
  updateIssueBody,
  type Issue,
  type IssuePriority,
  type IssueStatus,
} from '../../shared/contracts/issues';
import { issueListSource, issuesResource, useCompanyOptions } from './api';
import { issuesT, useIssuesT } from './strings';

const column = createColumnHelper<Issue>();

/** The record dialog changes the status and the priority; title and description stay the reporter's words. */
const statusBody = updateIssueBody.pick({ status: true, priority: true });
type StatusInput = z.input<typeof statusBody>;
type StatusBody = z.output<typeof statusBody>;
const FIELDS = ['status', 'priority'] as const;

const STATUS_PALETTE: Record<IssueStatus, string> = { open: 'blue', in_progress: 'orange', closed: 'gray' };
const PRIORITY_PALETTE: Record<IssuePriority, string> = { low: 'gray', medium: 'blue', high: 'red' };

const statusLabel = (status: IssueStatus) => issuesT(`status.${status}`);
const priorityLabel = (priority: IssuePriority) => issuesT(`priority.${priority}`);

/**
 * /settings/issues: the problems the company's users reported ("Report a problem"), with their page, app
 * version and attachment; the status and priority are updated here. A super admin sees every company's.
 */
export const IssuesScreen = withPermission('issues', 'read', Issues);

function Issues() {
  const t = useIssuesT();
  const client = useQueryClient();
  const { isSuperAdmin } = useSession();
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status') ?? '';
  const status = (ISSUE_STATUSES as readonly string[]).includes(statusParam) ? (statusParam as IssueStatus) : '';
  const companyId = isSuperAdmin ? (params.get('company') ?? '') : '';
  const source = useMemo(() => issueListSource({ status, companyId }), [status, companyId]);
  const companies = useCompanyOptions(isSuperAdmin).data ?? [];
  const [open, setOpen] = useState<Issue | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: issuesResource.keys.all });
  const setFilter = (key: 'status' | 'company', value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        next.delete('page');
        return next;
      },
      { replace: true },
    );

  const columns: ResourceColumns<Issue> = [
    column.accessor('title', {
      header: () => issuesT('title'),
      meta: { sortField: 'title', width: 'minmax(12rem, 2fr)' },
      cell: (info) => <OpenRecordButton onOpen={() => setOpen(info.row.original)}>{info.getValue()}</OpenRecordButton>,
    }),
    column.accessor('status', {
      header: () => issuesT('status'),
      meta: { sortField: 'status', width: '8rem' },
      cell: (info) => {
        const value = info.row.original.status;
        return <Pill colorPalette={STATUS_PALETTE[value]}>{statusLabel(value)}</Pill>;
      },
    }),
    column.accessor('priority', {
      header: () => issuesT('priority'),
      meta: { sortField: 'priority', width: '7rem' },
      cell: (info) => {
        const value = info.row.original.priority;
        return <Pill colorPalette={PRIORITY_PALETTE[value]}>{priorityLabel(value)}</Pill>;
      },
    }),
    column.accessor('reporterName', {
      header: () => issuesT('reporter'),
      meta: { width: 'minmax(9rem, 1fr)' },
      cell: (info) => info.getValue() ?? info.row.original.reporterEmail ?? issuesT('unknownReporter'),
    }),
    column.accessor('route', {
      header: () => issuesT('route'),
      meta: { width: 'minmax(8rem, 1fr)' },
      cell: (info) => (
        <Text as="span" fontFamily="mono" textStyle="xs" wordBreak="break-all">
          {info.getValue()}
        </Text>
      ),
    }),
    column.accessor('createdAt', {
      header: () => issuesT('created'),
      meta: { sortField: 'createdAt', width: '11rem' },
      cell: (info) => formatDateTime(info.getValue()),
    }),
  ];
  if (isSuperAdmin) {
    columns.splice(
      1,
      0,
      column.accessor('companyName', { header: () => issuesT('company'), meta: { width: 'minmax(8rem, 1fr)' } }),
    );
  }

  return (
    <Box as="section">
      <PageHeader level={2} title={t('listTitle')} subtitle={isSuperAdmin ? t('listSubtitleAll') : t('listSubtitle')} />
      <Flex as="fieldset" gap={3} wrap="wrap" alignItems="flex-end" marginBottom={4}>
        <chakra.legend srOnly>{t('filters')}</chakra.legend>
        <Box minWidth="12rem">
          <FormField label={t('status')}>
            {(control) => (
              <SelectInput {...control} value={status} onChange={(e) => setFilter('status', e.target.value)}>
                <option value="">{t('anyStatus')}</option>
                <SelectOptions values={ISSUE_STATUSES} label={statusLabel} />
              </SelectInput>
            )}
          </FormField>
        </Box>
        {isSuperAdmin && (
          <Box minWidth="14rem">
            <FormField label={t('company')}>
              {(control) => (
                <SelectInput {...control} value={companyId} onChange={(e) => setFilter('company', e.target.value)}>
                  <option value="">{t('anyCompany')}</option>
                  {companies.map((company) => (
                    <option key={company._id} value={company._id}>
                      {company.name}
                    </option>
                  ))}
                </SelectInput>
              )}
            </FormField>
          </Box>
        )}
      </Flex>
      <ResourceList
        resource={source}
        columns={columns}
        label={t('listTitle')}
        plural={t('plural')}
        getRowId={(row) => row._id}
        emptyText={t('empty')}
      />
      {open && <IssueDialog issue={open} onClose={() => setOpen(null)} onChanged={() => void refresh()} />}
    </Box>
  );
}

/** One report: what the reporter wrote and attached, where and with which version; status and priority. */
function IssueDialog({ issue, onClose, onChanged }: { issue: Issue; onClose: () => void; onChanged: () => void }) {
  const t = useIssuesT();
  const { user } = useSession();
  const canUpdate = useCan('issues', 'update');
  const canDelete = useCan('issues', 'delete');
  // A super admin looking at another company's report changes its status; deleting stays the company's.
  const ownCompany = user?.companyId === issue.companyId;
  return (
    <RecordDialog<StatusInput, StatusBody, Issue>
      title={issue.title}
      noun={t('noun')}
      schema={statusBody}
      defaultValues={{ status: issue.status, priority: issue.priority }}
      fieldNames={FIELDS}
      save={(body) => issuesResource.update(issue._id, { version: issue.version, ...body })}
      onSaved={() => {
        onChanged();
        onClose();
      }}
      onClose={onClose}
      onReload={onChanged}
      history={ownCompany ? { entity: 'issue', entityId: issue._id } : undefined}
      permission={{ module: 'issues', stored: true }}
      onDelete={
        canDelete && ownCompany
          ? () =>
              issuesResource.remove(issue._id, issue.title).then(() => {
                onChanged();
              })
          : undefined
      }
    >
      {(form) => (
        <>
          <IssueDetails issue={issue} />
          <Flex gap={4} direction={{ base: 'column', sm: 'row' }}>
            <FormField label={t('status')} error={form.formState.errors.status?.message}>
              {(control) => (
                <SelectInput {...control} disabled={!canUpdate} {...form.register('status')}>
                  <SelectOptions values={ISSUE_STATUSES} label={statusLabel} />
                </SelectInput>
              )}
            </FormField>
            <FormField label={t('priority')} error={form.formState.errors.priority?.message}>
              {(control) => (
                <SelectInput {...control} disabled={!canUpdate} {...form.register('priority')}>
                  <SelectOptions values={ISSUE_PRIORITIES} label={priorityLabel} />
                </SelectInput>
              )}
            </FormField>
          </Flex>
        </>
      )}
    </RecordDialog>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text textStyle="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase">
        {label}
      </Text>
      <Box textStyle="sm" marginTop={0.5}>
        {children}
      </Box>
    </Box>
  );
}

function IssueDetails({ issue }: { issue: Issue }) {
  const t = useIssuesT();
  const { isSuperAdmin } = useSession();
  const reporter = [issue.reporterName, issue.reporterEmail && `<${issue.reporterEmail}>`].filter(Boolean).join(' ');
  return (
    <Stack gap={3}>
      <Detail label={t('description')}>
        <Text whiteSpace="pre-wrap">{issue.description || t('noDescription')}</Text>
      </Detail>
      <Detail label={t('attachment')}>
        <Attachment issue={issue} />
      </Detail>
      <Flex gap={6} wrap="wrap">
        <Detail label={t('route')}>
          <Text fontFamily="mono" wordBreak="break-all" data-testid="issue-route">
            {issue.route || '—'}
          </Text>
        </Detail>
        <Detail label={t('appVersion')}>
          <Text data-testid="issue-app-version">{issue.appVersion || t('unknownVersion')}</Text>
        </Detail>
        <Detail label={t('reporter')}>{reporter || t('unknownReporter')}</Detail>
        <Detail label={t('created')}>{formatDateTime(issue.createdAt)}</Detail>
        {isSuperAdmin && <Detail label={t('company')}>{issue.companyName}</Detail>}
      </Flex>
    </Stack>
  );
}

const attachmentPath = (issue: Issue) => `/issue/tracker/${encodeURIComponent(issue._id)}/attachment`;

/** A picture shows inline (fetched with the session, as a data URL); any other file downloads. */
function Attachment({ issue }: { issue: Issue }) {
  const t = useIssuesT();
  const attachment = issue.attachment;
  const isImage = Boolean(attachment?.contentType.startsWith('image/'));
  const picture = usePicture(attachmentPath(issue), isImage ? issue.attachmentFileId : null);
  if (!attachment) return <Text color="fg.muted">{t('noAttachment')}</Text>;
  const sizeKb = formatNumber(Math.max(1, Math.round(attachment.size / 1024)));
  return (
    <Stack gap={2} alignItems="flex-start">
      {isImage &&
        (picture ? (
          <chakra.a href={picture} target="_blank" rel="noreferrer" display="block">
            <chakra.img
              src={picture}
              alt={attachment.fileName}
              maxWidth="full"
              maxHeight="20rem"
              objectFit="contain"
              borderWidth="1px"
              borderRadius="l2"
            />
          </chakra.a>
        ) : (
          <Text color="fg.muted">{t('attachmentLoading')}</Text>
        ))}
      <Button size="xs" variant="outline" onClick={() => void download(issue)}>
        {t('download', { name: `${attachment.fileName} (${sizeKb} KB)` })}
      </Button>
    </Stack>
  );
}

async function download(issue: Issue): Promise<void> {
  try {
    const response = await authorizedFetch(`${apiBase('iamserver')}${attachmentPath(issue)}`);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = issue.attachment?.fileName ?? 'attachment';
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch {
    showToast({ status: 'error', title: issuesT('needsConnection') });
  }
}
