import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../lib/api/api-error';
import { FormField, SelectInput, SelectOptions, TextInput } from '../../lib/resource-kit/form-field';
import { ModalDialog } from '../../lib/ui/modal-dialog';
import { showToast } from '../../lib/ui/toast-store';
import { ERROR_CODES } from '../../shared/api-envelope';
import type { ShipmentEvent } from '../../shared/contracts/shipment-events';
import type { Shipment } from '../../shared/contracts/shipments';
import {
  EVENT_CLASSIFIERS,
  isActualInFuture,
  MILESTONE_CODES,
  nextMilestones,
  type EventClassifier,
  type MilestoneCode,
  type MilestoneStep,
} from '../../shared/shipments/milestones';
import { addShipmentEvent, newEventId } from './events-api';
import { useMilestonesT } from './milestone-strings';
import { numberOf } from './shipment-labels';

/** The server's message with each detail's, or what went wrong in the page. */
function errorText(cause: unknown): string {
  if (!isApiError(cause)) return String(cause);
  const details = Array.isArray(cause.details) ? (cause.details as Array<{ message?: unknown }>) : [];
  return [cause.message, ...details.map((d) => String(d.message ?? ''))].filter(Boolean).join(' — ');
}

/** `2026-03-02T08:30` in the device's zone, as a `datetime-local` input holds it. */
function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

interface Draft {
  code: MilestoneCode;
  classifier: EventClassifier;
  when: string;
  location: string;
  containerNumber: string;
  note: string;
}

function draftOf(step: MilestoneStep | undefined, correcting: ShipmentEvent | null): Draft {
  if (correcting)
    return {
      code: correcting.code,
      classifier: correcting.classifier,
      when: localInputValue(new Date(correcting.at)),
      location: correcting.location ?? '',
      containerNumber: correcting.containerNumber ?? '',
      note: '',
    };
  return {
    code: step?.code ?? 'CONF',
    classifier: 'ACT',
    when: localInputValue(new Date()),
    location: step?.location ?? '',
    containerNumber: '',
    note: '',
  };
}

/**
 * "Add milestone": the steps that come next as one-tap choices (the first chosen), the time now and the
 * expected place filled in; or, for a correction, the event's own values, sent with `retracts`.
 */
export function AddMilestoneDialog({
  shipment,
  events,
  correcting,
  onClose,
}: {
  shipment: Shipment;
  events: readonly ShipmentEvent[];
  correcting: ShipmentEvent | null;
  onClose: () => void;
}) {
  const t = useMilestonesT();
  const client = useQueryClient();
  const steps = nextMilestones(shipment, events);
  const [draft, setDraft] = useState<Draft>(() => draftOf(steps[0], correcting));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const what = t(`code.${draft.code}`);

  const submit = async () => {
    setError(null);
    const at = new Date(draft.when);
    if (Number.isNaN(at.getTime())) return;
    const body = {
      _id: newEventId(),
      code: draft.code,
      classifier: draft.classifier,
      at: at.toISOString(),
      location: draft.location.trim() ? draft.location.trim().toUpperCase() : null,
      ...(draft.containerNumber ? { containerNumber: draft.containerNumber } : {}),
      ...(draft.note.trim() ? { note: draft.note.trim() } : {}),
      ...(correcting ? { retracts: correcting._id } : {}),
    };
    if (isActualInFuture(body, new Date())) {
      setError(t('futureActual'));
      return;
    }
    setBusy(true);
    try {
      const outcome = await addShipmentEvent(
        client,
        shipment._id,
        body,
        t('outboxLabel', { what, number: numberOf(shipment) }),
      );
      showToast({
        status: 'queued' in outcome ? 'info' : 'success',
        title: t('queued' in outcome ? 'queued' : 'saved', { what }),
      });
      onClose();
    } catch (cause) {
      if (isApiError(cause) && cause.code === ERROR_CODES.ACTUAL_EVENT_IN_FUTURE) setError(t('futureActual'));
      else setError(errorText(cause));
    } finally {
      setBusy(false);
    }
  };

  const chooseStep = (step: MilestoneStep) =>
    set({ code: step.code, location: step.location ?? '', containerNumber: '', classifier: 'ACT' });
  const containers = shipment.containers.map((c) => c.number);

  return (
    <ModalDialog
      title={correcting ? t('correcting', { what: t(`code.${correcting.code}`) }) : t('add')}
      onClose={onClose}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap={4}>
          {!correcting && steps.length > 0 && (
            <Box role="group" aria-label={t('next')}>
              <Text textStyle="sm" fontWeight="medium" marginBottom={1}>
                {t('next')}
              </Text>
              <Flex gap={2} wrap="wrap">
                {steps.map((step) => {
                  const chosen = draft.code === step.code && draft.location === (step.location ?? '');
                  return (
                    <Button
                      key={`${step.code}|${step.location ?? ''}`}
                      size="sm"
                      variant={chosen ? 'solid' : 'outline'}
                      aria-pressed={chosen}
                      onClick={() => chooseStep(step)}
                    >
                      {t(`code.${step.code}`)}
                      {step.location ? ` · ${step.location}` : ''}
                    </Button>
                  );
                })}
              </Flex>
            </Box>
          )}
          <FormField label={t('what')}>
            {(control) => (
              <SelectInput
                {...control}
                value={draft.code}
                onChange={(e) => set({ code: e.target.value as MilestoneCode })}
              >
                <SelectOptions values={MILESTONE_CODES} label={(code) => `${t(`code.${code}`)} (${code})`} />
              </SelectInput>
            )}
          </FormField>
          <FormField label={t('kind')}>
            {(control) => (
              <SelectInput
                {...control}
                value={draft.classifier}
                onChange={(e) => set({ classifier: e.target.value as EventClassifier })}
              >
                <SelectOptions values={EVENT_CLASSIFIERS} label={(c) => t(`classifier.${c}`)} />
              </SelectInput>
            )}
          </FormField>
          <FormField label={t('when')}>
            {(control) => (
              <TextInput
                {...control}
                type="datetime-local"
                required
                value={draft.when}
                onChange={(e) => set({ when: e.target.value })}
              />
            )}
          </FormField>
          <FormField label={t('where')} hint={t('whereHint')}>
            {(control) => (
              <TextInput
                {...control}
                value={draft.location}
                autoCapitalize="characters"
                maxLength={5}
                onChange={(e) => set({ location: e.target.value.toUpperCase() })}
              />
            )}
          </FormField>
          {containers.length > 0 && (
            <FormField label={t('containerField')}>
              {(control) => (
                <SelectInput
                  {...control}
                  value={draft.containerNumber}
                  onChange={(e) => set({ containerNumber: e.target.value })}
                >
                  <option value="">{t('wholeShipment')}</option>
                  <SelectOptions values={containers} />
                </SelectInput>
              )}
            </FormField>
          )}
          <FormField label={t('note')}>
            {(control) => (
              <TextInput
                {...control}
                value={draft.note}
                maxLength={500}
                onChange={(e) => set({ note: e.target.value })}
              />
            )}
          </FormField>
          {error && (
            <Text role="alert" color="red.fg" textStyle="sm">
              {error}
            </Text>
          )}
          <Button type="submit" colorPalette="brand" loading={busy} width={{ base: 'full', sm: 'auto' }}>
            {t('save')}
          </Button>
        </Stack>
      </form>
    </ModalDialog>
  );
}
