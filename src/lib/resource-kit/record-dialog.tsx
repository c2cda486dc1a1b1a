import { Button, Flex, Stack, Text, chakra } from '@chakra-ui/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { AuditHistoryButton } from './audit-history';
import { SaveConflictDialog } from './conflict-dialog';
import { formDraftKey, useFormDraft } from './form-draft';
import { formResolver } from './form-resolver';
import { formMessageOf } from './server-field-errors';
import { useConflictAwareSave } from './use-conflict-aware-save';
import { recordActions } from './permission-check';
import { isQueuedWrite } from '../outbox/queued-write-error';
import { useSession } from '../session/use-session';
import type { PermissionModule } from '../../shared/permissions';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { ModalDialog } from '../ui/modal-dialog';
import { FormFooter } from './form-footer';
import { showToast } from '../ui/toast-store';
import { useKitT } from './strings';

export interface RecordDialogProps<V extends FieldValues, B extends object, Item> {
  title: string;
  /** The record's word for the conflict dialog ("business type"). */
  noun: string;
  schema: z.ZodType<B, V>;
  defaultValues: DefaultValues<V>;
  /**
   * The stored record's version. When a newer one arrives while the dialog is open (the lists refreshed),
   * an untouched form takes its values; a form the user has changed keeps them, and a save then meets the
   * conflict dialog as before.
   */
  revision?: number;
  fieldNames: readonly Path<V>[];
  children: (form: UseFormReturn<V, unknown, B>) => ReactNode;
  /** Saves the form; `revision` is the version its values were loaded from (see `revision` above). */
  save: (body: B, revision?: number) => Promise<Item>;
  onSaved: (item: Item) => void;
  onClose: () => void;
  /**
   * The record's permission module and whether the record is stored (else new): Save shows for a role that
   * may `create` (new) or `update` (stored), Delete for one that may `delete`, and a role that may not save
   * sees the form read-only. Without it every action given is offered (the app-admin console, whose gate
   * is being a super admin).
   */
  permission?: { module: PermissionModule; stored: boolean };
  /** Delete (with a confirmation) for a stored record; shown only to a role that may delete. */
  onDelete?: () => Promise<unknown>;
  /** After a conflict's "reload": fetch the stored record again (the dialog closes). */
  onReload?: () => void;
  /** Extra content under the form (a currency's rate history). */
  footer?: ReactNode;
  /** The stored record's audit entity and id: shows its History. */
  history?: { entity: string; entityId: string };
}

/**
 * Create or edit one record of a resource in a dialog (the master-data screens, contacts): the shared schema validates the form, server
 * field errors land on their fields, a stale save opens the kit's conflict dialog, delete asks first
 * (ConfirmDialog), and so does discarding a kept draft.
 * What the user types is kept as a draft of this screen and record (form-draft.ts) until it is saved or
 * cancelled; closing the dialog any other way, leaving the screen or reloading keeps it, and the dialog
 * offers it back when it opens again.
 */
export function RecordDialog<V extends FieldValues, B extends object, Item>({
  title,
  noun,
  schema,
  defaultValues,
  revision,
  fieldNames,
  children,
  save,
  onSaved,
  onClose,
  permission,
  onDelete: deleteRecord,
  onReload,
  footer,
  history,
}: RecordDialogProps<V, B, Item>) {
  const t = useKitT();
  const { user } = useSession();
  const allowed = permission ? recordActions(user, permission.module, permission.stored) : { save: true, remove: true };
  const onDelete = allowed.remove ? deleteRecord : undefined;
  const form = useForm<V, unknown, B>({ resolver: formResolver(schema), defaultValues });
  // The newest revision seen, and the one the form's values come from: a save sends the latter, so a
  // change made to an older version still meets the conflict dialog.
  const seenRevision = useRef(revision);
  const formRevision = useRef(revision);
  // Read while rendering: react-hook-form tracks `isDirty` only for a form state read during render.
  const touched = form.formState.isDirty;
  useEffect(() => {
    if (revision === seenRevision.current) return;
    seenRevision.current = revision;
    if (touched) return;
    formRevision.current = revision;
    form.reset(defaultValues);
    // Only a new revision resets: `defaultValues` is a new object on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [revision]);
  const { pathname } = useLocation();
  // A stored record by its id; a new one by the dialog's title, which names the kind of record.
  const draft = useFormDraft(form, formDraftKey(pathname, history?.entityId ?? title));
  const [confirming, setConfirming] = useState(false);
  const [discardingDraft, setDiscardingDraft] = useState(false);
  const [deleteError, setDeleteError] = useState<string>();
  const [deleting, setDeleting] = useState(false);
  const saver = useConflictAwareSave<V, B, Item>({
    form: form as unknown as UseFormReturn<V>,
    fieldNames,
    save: (body) => save(body, formRevision.current),
    onSaved: (item) => {
      draft.clear();
      showToast({ status: 'success', title: t('record.saved') });
      onSaved(item);
    },
    // Kept in the outbox: the lists already show it (the queued toast said so).
    onQueued: () => {
      draft.clear();
      onClose();
    },
  });
  const cancel = () => {
    draft.clear();
    onClose();
  };

  const remove = async () => {
    if (!onDelete) return;
    setDeleting(true);
    setDeleteError(undefined);
    try {
      await onDelete();
      showToast({ status: 'success', title: t('record.deleted') });
      cancel();
    } catch (error) {
      if (isQueuedWrite(error)) cancel();
      else setDeleteError(formMessageOf(error));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <ModalDialog title={title} onClose={onClose} maxWidth="lg">
      <chakra.form
        noValidate
        aria-label={title}
        onSubmit={(event) => {
          if (allowed.save) return form.handleSubmit((body) => saver.submit(body))(event);
          event.preventDefault();
        }}
      >
        <Stack gap={4}>
          {allowed.save && draft.offered && (
            <Stack
              role="group"
              aria-label={t('draft.question')}
              gap={2}
              padding={3}
              borderWidth="1px"
              borderRadius="l2"
              bg="bg.muted"
            >
              <Text fontWeight="semibold">{t('draft.question')}</Text>
              <Text textStyle="sm">{t('draft.body')}</Text>
              <Flex gap={2} wrap="wrap">
                <Button size="sm" colorPalette="brand" onClick={draft.restore}>
                  {t('draft.restore')}
                </Button>
                <Button size="sm" variant="outline" onClick={() => setDiscardingDraft(true)}>
                  {t('draft.discard')}
                </Button>
              </Flex>
            </Stack>
          )}
          {/* A disabled fieldset disables every control inside, the pickers' too: a read-only role sees the record. */}
          <chakra.fieldset disabled={!allowed.save} display="flex" flexDirection="column" gap={4} minWidth={0}>
            {children(form)}
          </chakra.fieldset>
          <FormFooter
            error={saver.formError}
            busy={saver.busy}
            // Read-only, the dialog's own Close is the one way out: no Cancel of nothing, no Save.
            {...(allowed.save
              ? { saveLabel: t('record.save'), discard: { label: t('record.cancel'), onDiscard: cancel } }
              : {})}
            start={
              (history || onDelete) && (
                <>
                  {history && <AuditHistoryButton entity={history.entity} entityId={history.entityId} name={title} />}
                  {onDelete && (
                    <Button variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
                      {t('record.delete')}
                    </Button>
                  )}
                </>
              )
            }
          />
        </Stack>
      </chakra.form>
      {footer}
      {confirming && (
        <ConfirmDialog
          title={t('record.deleteTitle', { noun })}
          body={t('record.deleteQuestion')}
          confirmLabel={t('record.confirmDelete')}
          cancelLabel={t('record.cancel')}
          busy={deleting}
          error={deleteError}
          onConfirm={() => void remove()}
          onClose={() => {
            setConfirming(false);
            setDeleteError(undefined);
          }}
        />
      )}
      {discardingDraft && (
        <ConfirmDialog
          title={t('draft.discardTitle')}
          body={t('draft.discardQuestion')}
          confirmLabel={t('discard.confirm')}
          cancelLabel={t('discard.keep')}
          onConfirm={() => {
            setDiscardingDraft(false);
            draft.clear();
          }}
          onClose={() => setDiscardingDraft(false)}
        />
      )}
      <SaveConflictDialog
        save={saver}
        noun={noun}
        onReload={() => {
          onReload?.();
          cancel();
        }}
      />
    </ModalDialog>
  );
}
