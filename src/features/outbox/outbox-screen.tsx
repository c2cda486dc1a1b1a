import { Badge, Box, Button, Flex, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useState } from 'react';
import {
  discardEntry,
  myOutboxEntries,
  onOutboxNotice,
  queuedUploadSpace,
  requestReplay,
  updateEntry,
  type OutboxEntry,
  type QueuedUploadSpace,
} from '../../lib/outbox/outbox-client';
import { formatTime } from '../../lib/i18n/format';
import { describeOutboxEntry, megabytes } from '../../lib/outbox/describe-entry';
import { refreshResource } from '../../lib/outbox/optimistic';
import { awaitsUserBeforeSending } from '../../shared/outbox/outbox-age';
import { useOutboxT } from '../../lib/outbox/strings';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import { PageTitle } from '../../lib/ui/page-header';

const time = (at: number) => formatTime(at);

function show(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/**
 * Sends an entry again from the start: now, with no back-off and no earlier outcome. The user asked for it,
 * so it goes whatever its age.
 */
function resend(entry: OutboxEntry, changes: Partial<OutboxEntry> = {}): Promise<void> {
  return updateEntry({
    ...entry,
    ...changes,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
    error: null,
    conflict: null,
    approvedAt: Date.now(),
  }).then(requestReplay);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The outbox screen (issue 12): every change of the signed-in user that has not reached the server, in the
 * order it was made: waiting ones (send now), failed ones with the server's message (retry, discard), and
 * conflicts side by side, theirs and yours, with keep theirs, keep mine and edit.
 */
export function OutboxScreen() {
  const t = useOutboxT();
  const [entries, setEntries] = useState<OutboxEntry[] | null>(null);
  const [space, setSpace] = useState<QueuedUploadSpace | null>(null);
  const load = useCallback(() => {
    void myOutboxEntries().then(setEntries, () => setEntries([]));
    // The files waiting (photos taken offline) take the device's space: how much, of how much they may.
    void queuedUploadSpace().then(setSpace, () => setSpace(null));
  }, []);
  useEffect(() => {
    load();
    return onOutboxNotice(load);
  }, [load]);

  return (
    <Stack gap={6} maxWidth="4xl">
      <Box>
        <PageTitle>{t('title')}</PageTitle>
        <Text color="fg.muted">{t('intro')}</Text>
        {space && space.used > 0 && (
          <Text color="fg.muted" textStyle="sm" marginTop={1} data-testid="outbox-upload-space">
            {t('uploadSpace', { used: megabytes(space.used), limit: megabytes(space.limit) })}
          </Text>
        )}
      </Box>
      {entries?.length === 0 && <Text>{t('empty')}</Text>}
      {entries?.map((entry) => (
        <EntryCard key={entry.id} entry={entry} />
      ))}
    </Stack>
  );
}

function EntryCard({ entry }: { entry: OutboxEntry }) {
  const t = useOutboxT();
  const [editing, setEditing] = useState(false);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const kind = entry.method === 'DELETE' ? t('delete') : entry.recordId === null ? t('create') : t('update');
  // Too old to be sent on its own (outbox-age.ts): the user decides.
  const asking = awaitsUserBeforeSending(entry, Date.now());
  const palette = asking
    ? 'orange'
    : entry.status === 'pending'
      ? 'blue'
      : entry.status === 'conflict'
        ? 'orange'
        : 'red';
  const discard = () => discardEntry(entry).then(() => refreshResource(entry.resource));

  return (
    <Box as="article" aria-label={`${kind}: ${entry.label}`} borderWidth="1px" borderRadius="l2" padding={4}>
      <Flex justifyContent="space-between" alignItems="center" gap={3} wrap="wrap">
        <Box>
          <Text fontWeight="semibold" data-testid="outbox-entry-summary">
            {describeOutboxEntry(entry)}
          </Text>
          <Text textStyle="sm" color="fg.muted">
            {asking
              ? t('madeDaysAgo', { count: Math.floor((Date.now() - entry.createdAt) / DAY_MS) })
              : t('madeAt', { time: time(entry.createdAt) })}
            {entry.status === 'pending' && entry.attempts > 0
              ? ` · ${t('attempts', { count: entry.attempts, time: time(entry.nextAttemptAt) })}`
              : ''}
          </Text>
        </Box>
        <Badge colorPalette={palette}>{asking ? t('asking') : t(entry.status)}</Badge>
      </Flex>
      {asking && (
        <Text textStyle="sm" marginTop={2}>
          {t('askingWhy')}
        </Text>
      )}
      {entry.status === 'failed' && entry.error && (
        <Text role="alert" color="fg.error" textStyle="sm" marginTop={2}>
          {entry.error.message}
        </Text>
      )}
      {entry.status === 'conflict' && entry.conflict && (
        <ConflictView entry={entry} editing={editing} onDone={() => setEditing(false)} />
      )}
      {!editing && (
        <Flex gap={2} marginTop={3} wrap="wrap">
          {entry.status === 'pending' && (
            <Button size="sm" variant={asking ? 'solid' : 'outline'} onClick={() => void resend(entry)}>
              {asking ? t('sendAnyway') : t('sendNow')}
            </Button>
          )}
          {entry.status === 'failed' && (
            <Button size="sm" variant="outline" onClick={() => void resend(entry)}>
              {t('retry')}
            </Button>
          )}
          {entry.status === 'conflict' && entry.conflict && (
            <>
              <Button size="sm" variant="outline" onClick={() => void discard()}>
                {t('keepTheirs')}
              </Button>
              <Button size="sm" colorPalette="brand" onClick={() => void keepMine(entry, entry.body ?? {})}>
                {t('keepMine')}
              </Button>
              <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
                {t('edit')}
              </Button>
            </>
          )}
          {entry.status !== 'conflict' && (
            <Button size="sm" variant="ghost" colorPalette="red" onClick={() => setConfirmingDiscard(true)}>
              {t('discard')}
            </Button>
          )}
        </Flex>
      )}
      {confirmingDiscard && (
        <ConfirmDialog
          title={t('discardTitle')}
          body={t('discardBody', { label: `${kind}: ${entry.label || entry.recordId}` })}
          confirmLabel={t('discard')}
          cancelLabel={t('cancel')}
          onConfirm={() => void discard().finally(() => setConfirmingDiscard(false))}
          onClose={() => setConfirmingDiscard(false)}
        />
      )}
    </Box>
  );
}

/** Sends the user's version on top of the stored one (the stored version, so it is not refused again). */
function keepMine(entry: OutboxEntry, body: Record<string, unknown>): Promise<void> {
  const version = entry.conflict?.version ?? entry.version;
  return resend(entry, { version, body: { ...body, version } });
}

function ConflictView({ entry, editing, onDone }: { entry: OutboxEntry; editing: boolean; onDone: () => void }) {
  const t = useOutboxT();
  const yours = entry.body ?? {};
  const theirs = entry.conflict?.theirs ?? {};
  const fields = Object.keys(yours).filter((field) => field !== 'version');
  const [draft, setDraft] = useState<Record<string, unknown>>(yours);

  return (
    <Stack gap={3} marginTop={3}>
      {entry.conflict?.updatedBy && (
        <Text textStyle="sm">{t('changedBy', { who: entry.conflict.updatedBy, version: entry.conflict.version })}</Text>
      )}
      <Table.Root size="sm" variant="outline">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('field')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('theirs')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('yours')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {fields.map((field) => {
            const differs = show(theirs[field]) !== show(yours[field]);
            return (
              <Table.Row key={field} fontWeight={differs ? 'semibold' : undefined}>
                <Table.Cell>{field}</Table.Cell>
                <Table.Cell>{show(theirs[field])}</Table.Cell>
                <Table.Cell>
                  {editing && typeof yours[field] === 'string' ? (
                    <Input
                      size="sm"
                      aria-label={field}
                      value={String(draft[field] ?? '')}
                      onChange={(event) => setDraft((d) => ({ ...d, [field]: event.target.value }))}
                    />
                  ) : (
                    show(yours[field])
                  )}
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
      {editing && (
        <Flex gap={2}>
          <Button size="sm" colorPalette="brand" onClick={() => void keepMine(entry, draft).then(onDone)}>
            {t('saveEdited')}
          </Button>
          <Button size="sm" variant="outline" onClick={onDone}>
            {t('cancel')}
          </Button>
        </Flex>
      )}
    </Stack>
  );
}
