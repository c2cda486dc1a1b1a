import { Box, Button, Stack, Text, chakra } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { auditEntrySchema, type AuditEntry } from '../../shared/contracts/log';
import { apiList } from '../api/api-client';
import { describeAudit, useAuditT } from '../audit/describe-audit';
import { formatDateTime } from '../i18n/format';
import { ModalDialog } from '../ui/modal-dialog';
import { useCan } from './permission-gate';
import { useKitT } from './strings';
import { TABLE_HEADER_CSS } from '../ui/table-style';

/** One record's history, newest first (logserver `/audit-history`). */
export function auditHistoryQuery(entity: string, entityId: string) {
  return {
    queryKey: ['audit-history', entity, entityId] as const,
    queryFn: () =>
      apiList(
        'logserver',
        `/audit-history?entity=${encodeURIComponent(entity)}&entityId=${encodeURIComponent(entityId)}&limit=100`,
        auditEntrySchema,
      ),
    staleTime: 0,
  };
}

const show = (value: unknown, empty: string): string => {
  if (value === null || value === undefined || value === '') return empty;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** The fields an entry changed: `{ before, after }` of the kit's diff, one row per field. */
export function changedFields(
  entry: Pick<AuditEntry, 'changes'>,
): { field: string; before: unknown; after: unknown }[] {
  const before = (entry.changes.before ?? {}) as Record<string, unknown>;
  const after = (entry.changes.after ?? {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (field) => field !== 'version' && field !== '_id',
  );
  return fields.map((field) => ({ field, before: before[field], after: after[field] }));
}

/**
 * "History" on a record screen: who changed what and when, field by field, in a dialog. Hidden from a role
 * without `audit: read` (the service would refuse it anyway).
 */
export function AuditHistoryButton({ entity, entityId, name }: { entity: string; entityId: string; name: string }) {
  const t = useKitT();
  const [open, setOpen] = useState(false);
  const allowed = useCan('audit', 'read');
  if (!allowed) return null;
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        {t('audit.open')}
      </Button>
      {open && <AuditHistoryDialog entity={entity} entityId={entityId} name={name} onClose={() => setOpen(false)} />}
    </>
  );
}

function AuditHistoryDialog({
  entity,
  entityId,
  name,
  onClose,
}: {
  entity: string;
  entityId: string;
  name: string;
  onClose: () => void;
}) {
  const t = useKitT();
  useAuditT();
  const history = useQuery(auditHistoryQuery(entity, entityId));
  return (
    <ModalDialog title={t('audit.title', { name })} onClose={onClose} maxWidth="xl">
      {history.isPending && <Text color="fg.muted">{t('audit.loading')}</Text>}
      {history.isError && (
        <Text role="alert" color="fg.error">
          {t('audit.failed')}
        </Text>
      )}
      {history.data && history.data.items.length === 0 && <Text color="fg.muted">{t('audit.empty')}</Text>}
      {/* The newest 100 are what a person reads here; the rest is said, not silently dropped. */}
      {history.data && history.data.meta.total > history.data.items.length && (
        <Text role="status" textStyle="sm" color="fg.muted" marginBottom={2}>
          {t('audit.latest', { shown: history.data.items.length, total: history.data.meta.total })}
        </Text>
      )}
      <Stack as="ol" gap={4} listStyleType="none" data-testid="audit-history" maxHeight="65vh" overflowY="auto">
        {history.data?.items.map((entry) => {
          const who = entry.actorName ?? t('audit.someone');
          const verb = entry.action.split('.').pop();
          const headline =
            verb === 'create'
              ? t('audit.created', { who })
              : verb === 'update'
                ? t('audit.updated', { who })
                : verb === 'delete'
                  ? t('audit.deleted', { who })
                  : describeAudit(entry);
          const fields = verb === 'update' ? changedFields(entry) : [];
          return (
            <Box as="li" key={entry._id} borderLeftWidth="3px" borderColor="brand.solid" paddingStart={3}>
              <Text fontWeight="medium">{headline}</Text>
              <Text textStyle="xs" color="fg.muted">
                {formatDateTime(entry.createdAt)}
              </Text>
              {fields.length > 0 && (
                <chakra.table
                  marginTop={2}
                  width="full"
                  textStyle="sm"
                  css={{
                    '& th, & td': { paddingX: 2, paddingY: 1, borderBottomWidth: '1px', textAlign: 'start' },
                    '& th': TABLE_HEADER_CSS,
                  }}
                >
                  <thead>
                    <tr>
                      <th>{t('audit.field')}</th>
                      <th>{t('audit.before')}</th>
                      <th>{t('audit.after')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {fields.map((change) => (
                      <tr key={change.field} data-field={change.field}>
                        <chakra.td fontFamily="mono">{change.field}</chakra.td>
                        <chakra.td color="fg.muted" textDecoration="line-through">
                          {show(change.before, t('audit.empty value'))}
                        </chakra.td>
                        <td>{show(change.after, t('audit.empty value'))}</td>
                      </tr>
                    ))}
                  </tbody>
                </chakra.table>
              )}
            </Box>
          );
        })}
      </Stack>
    </ModalDialog>
  );
}
