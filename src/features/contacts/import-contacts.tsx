import { Button, Stack, Text, chakra } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiCall } from '../../lib/api/api-client';
import type { ErrorDetail } from '../../shared/api-envelope';
import { isApiError } from '../../lib/api/api-error';
import { formMessageOf } from '../../lib/resource-kit/server-field-errors';
import { newIdempotencyKey } from '../../lib/ui/idempotency-key';
import { ModalDialog } from '../../lib/ui/modal-dialog';
import { showToast } from '../../lib/ui/toast-store';
import { IMPORT_MAX_ROWS, importContactsAnswerSchema, type ImportContactRow } from '../../shared/contracts/contacts';
import { contactsResource } from './api';
import { readContactsCsv } from '../../shared/contacts-csv';
import { contactsT, useContactsT } from './strings';
import { TABLE_HEADER_CSS } from '../../lib/ui/table-style';

const importCall = (rows: ImportContactRow[], dryRun: boolean, key: string) =>
  apiCall('contactserver', '/contacts/import', importContactsAnswerSchema, {
    method: 'POST',
    body: JSON.stringify({ rows, dryRun }),
    headers: { 'Idempotency-Key': key },
  });

/**
 * "Import CSV": the file is read in the browser (Papa Parse, loaded only here), checked by the server
 * without writing (every problem of every row listed with its line), previewed, and imported all at once.
 */
export function ImportContactsDialog({ onClose }: { onClose: () => void }) {
  const t = useContactsT();
  const client = useQueryClient();
  const [rows, setRows] = useState<ImportContactRow[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [key] = useState(newIdempotencyKey);

  const read = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setProblems([]);
    setRows([]);
    try {
      const found = await readContactsCsv(await file.text());
      if (found.length === 0) throw new Error(contactsT('importEmpty'));
      if (found.length > IMPORT_MAX_ROWS) throw new Error(contactsT('importTooMany', { max: IMPORT_MAX_ROWS }));
      try {
        await importCall(found, true, newIdempotencyKey());
        setRows(found);
      } catch (error) {
        const details = isApiError(error) && Array.isArray(error.details) ? (error.details as ErrorDetail[]) : [];
        if (details.length === 0) throw error;
        // `rows.3.email` is line 5 of the file: the header is line 1.
        setProblems(
          details.map((d) => {
            const [, index, field] = /^rows\.(\d+)\.(\w+)/.exec(d.path) ?? [];
            return index === undefined
              ? d.message
              : contactsT('importProblem', { line: Number(index) + 2, field: field ?? '', message: d.message });
          }),
        );
      }
    } catch (error) {
      setProblems([error instanceof Error && !isApiError(error) ? error.message : formMessageOf(error)]);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    setBusy(true);
    try {
      const done = await importCall(rows, false, key);
      void client.invalidateQueries({ queryKey: contactsResource.keys.all });
      showToast({ status: 'success', title: contactsT('imported', { count: done.created }) });
      onClose();
    } catch (error) {
      setProblems([formMessageOf(error)]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog title={t('importTitle')} onClose={onClose} maxWidth="2xl">
      <Stack gap={4}>
        <Text textStyle="sm" color="fg.muted">
          {t('importHint')}
        </Text>
        <chakra.label display="flex" flexDirection="column" gap={1.5} textStyle="sm" fontWeight="medium">
          {t('importFile')}
          <chakra.input
            type="file"
            accept=".csv,text/csv"
            fontWeight="normal"
            disabled={busy}
            onChange={(event) => void read(event.target.files?.[0])}
          />
        </chakra.label>
        {problems.length > 0 && (
          <Stack gap={1} role="alert">
            <Text fontWeight="semibold" color="fg.error">
              {t('importRefused', { count: problems.length })}
            </Text>
            <chakra.ul paddingLeft={5} listStyleType="disc" maxHeight="40vh" overflowY="auto" textStyle="sm">
              {problems.map((problem, index) => (
                <li key={index}>{problem}</li>
              ))}
            </chakra.ul>
          </Stack>
        )}
        {rows.length > 0 && (
          <Stack gap={2}>
            <Text>{t('importReady', { count: rows.length })}</Text>
            <chakra.table textStyle="sm" aria-label={t('importPreview')}>
              <thead>
                <tr>
                  {(['name', 'types', 'city', 'country', 'tags'] as const).map((field) => (
                    <chakra.th key={field} css={TABLE_HEADER_CSS} paddingRight={3}>
                      {t(field)}
                    </chakra.th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.slice(0, 5).map((row, index) => (
                  <tr key={index}>
                    {(['name', 'types', 'city', 'country', 'tags'] as const).map((field) => (
                      <chakra.td key={field} paddingRight={3}>
                        {row[field]}
                      </chakra.td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </chakra.table>
            <Button colorPalette="brand" alignSelf="flex-end" loading={busy} onClick={() => void confirm()}>
              {t('importConfirm', { count: rows.length })}
            </Button>
          </Stack>
        )}
      </Stack>
    </ModalDialog>
  );
}
