import { Box, Button, Flex, Link, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { isApiError } from '../../lib/api/api-error';
import { PENDING_MARK } from '../../lib/outbox/optimistic';
import { SaveConflictDialog } from '../../lib/resource-kit/conflict-dialog';
import { formResolver } from '../../lib/resource-kit/form-resolver';
import { RequirePermission, useCan } from '../../lib/resource-kit/permission-gate';
import { useConflictAwareSave } from '../../lib/resource-kit/use-conflict-aware-save';
import { useOnline } from '../../lib/resource-kit/use-online';
import { FormFooter } from '../../lib/resource-kit/form-footer';
import { showToast } from '../../lib/ui/toast-store';
import { createShipmentBody, type Shipment } from '../../shared/contracts/shipments';
import { shipmentTotals } from '../../shared/shipments/totals';
import { newShipmentId, shipmentsResource } from './api';
import {
  newShipmentValues,
  shipmentValues,
  updateBodyOf,
  type ShipmentFormApi,
  type ShipmentFormValues,
} from './form-values';
import { ChargesSection } from './charges-section';
import { CloseJobDialog } from './close-job-dialog';
import { DocumentsSection } from './documents-section';
import { MilestonesSection } from './milestones-section';
import { PaperworkSection } from './paperwork-section';
import { FIELD_NAMES, ShipmentForm } from './shipment-form';
import { isPending, numberOf, StatusBadge } from './shipment-labels';
import { useShipmentsT } from './strings';
import { useChargesT } from './charge-strings';

type Body = ReturnType<typeof createShipmentBody.parse>;

/** /shipments/new and /shipments/{id}: one shipment's sections, validated as the service validates. */
export function ShipmentScreen() {
  return (
    <RequirePermission module="shipments" action="read">
      <ShipmentRoute />
    </RequirePermission>
  );
}

function ShipmentRoute() {
  const { id } = useParams();
  if (!id || id === 'new') return <ShipmentEditor key="new" record={undefined} />;
  return <StoredShipment key={id} id={id} />;
}

function StoredShipment({ id }: { id: string }) {
  const t = useShipmentsT();
  const online = useOnline();
  const query = useQuery(shipmentsResource.itemQueryOptions(id));
  if (query.data) return <ShipmentEditor key={`${id}:${query.data.version}`} record={query.data} />;
  let message: string;
  if (query.isPending && !query.isError) message = t('loading');
  else if (isApiError(query.error) && (query.error.status === 404 || query.error.status === 400))
    message = t('notFound');
  else if (!online) message = t('offlineNotKept');
  else message = t('failed', { message: query.error?.message ?? '' });
  return (
    <Stack maxWidth="4xl" gap={3} role={query.isError ? 'alert' : 'status'}>
      <BackLink />
      <Text>{message}</Text>
      {query.isError && online && (
        <Box>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

function BackLink() {
  const t = useShipmentsT();
  return (
    <Link asChild color="brand.fg" textStyle="sm">
      <RouterLink to="/shipments">← {t('back')}</RouterLink>
    </Link>
  );
}

function ShipmentEditor({ record }: { record: Shipment | undefined }) {
  const t = useShipmentsT();
  const client = useQueryClient();
  const navigate = useNavigate();
  const canSave = useCan('shipments', record ? 'update' : 'create');
  const [id] = useState(() => record?._id ?? newShipmentId());
  const form = useForm<ShipmentFormValues, unknown, Body>({
    resolver: formResolver(createShipmentBody as never),
    defaultValues: record ? shipmentValues(record) : newShipmentValues(),
    mode: 'onTouched',
  });
  const lastBody = useRef<Body>(undefined);
  const save = useConflictAwareSave<ShipmentFormValues, Body, Shipment>({
    form: form as unknown as UseFormReturn<ShipmentFormValues>,
    fieldNames: FIELD_NAMES,
    save: (body) => {
      lastBody.current = body;
      return record
        ? shipmentsResource.update(id, updateBodyOf(body, record.version))
        : shipmentsResource.create({ ...body, _id: id });
    },
    onSaved: (saved) => {
      client.setQueryData(shipmentsResource.keys.item(saved._id), saved);
      void client.invalidateQueries({ queryKey: shipmentsResource.keys.lists });
      if (record) showToast({ status: 'success', title: t('saved') });
      else {
        showToast({ status: 'success', title: t('created', { number: saved.number }) });
        void navigate(`/shipments/${saved._id}`, { replace: true });
      }
    },
    // Kept in the outbox: the screen shows it as it will be, marked as waiting, under its own id.
    onQueued: () => {
      const body = lastBody.current;
      if (!body) return;
      const now = new Date().toISOString();
      const shown = {
        ...(record ?? { number: '', status: undefined, closed: false, customerName: '', createdAt: now, version: 0 }),
        ...body,
        _id: id,
        updatedAt: now,
        totals: shipmentTotals(body.mode, body.cargo),
        [PENDING_MARK]: true,
      };
      client.setQueryData(shipmentsResource.keys.item(id), shown);
      if (!record) void navigate(`/shipments/${id}`, { replace: true });
    },
  });

  const title = record ? numberOf(record) : t('newTitle');
  const [closing, setClosing] = useState(false);
  return (
    <Box as="section" maxWidth="4xl" paddingBottom={24}>
      <Stack gap={1} marginBottom={5}>
        <BackLink />
        <Flex gap={3} alignItems="center" wrap="wrap">
          <Box as="h1" textStyle="2xl" fontWeight="semibold" data-testid="shipment-number">
            {title}
          </Box>
          {record && <StatusBadge status={isPending(record) && !record.number ? undefined : record.status} />}
          {record && canSave && !isPending(record) && (
            <CloseJobButton closed={record.closed} onClick={() => setClosing(true)} />
          )}
        </Flex>
      </Stack>
      {record && <MilestonesSection shipment={record} />}
      {record && <ChargesSection shipment={record} />}
      {record && closing && <CloseJobDialog shipment={record} onClose={() => setClosing(false)} />}
      {record && !isPending(record) && record.number !== '' && <PaperworkSection shipment={record} />}
      {/* A shipment still in the outbox has no number yet, and nothing can be attached to it before it lands. */}
      {record?.number ? <DocumentsSection shipment={record} /> : null}
      <form
        noValidate
        aria-label={title}
        onSubmit={(event) => {
          if (canSave) return form.handleSubmit((body) => save.submit(body))(event);
          event.preventDefault();
        }}
      >
        <fieldset disabled={!canSave} style={{ minWidth: 0, border: 0, padding: 0, margin: 0 }}>
          <ShipmentForm form={form as unknown as ShipmentFormApi} record={record} />
        </fieldset>
        {canSave && (
          // At the foot of the screen, where a thumb rests on a phone; toasts keep clear of it.
          <Box
            data-toast-avoid=""
            position="sticky"
            bottom={0}
            zIndex="docked"
            bg="bg"
            borderTopWidth="1px"
            paddingY={3}
            marginTop={6}
            data-testid="shipment-actions"
          >
            <Stack gap={2}>
              <FormFooter
                error={save.formError}
                busy={save.busy}
                saveLabel={record ? t('save') : t('create')}
                discard={
                  record
                    ? {
                        label: t('discard'),
                        confirm: true,
                        disabled: !form.formState.isDirty || save.busy,
                        onDiscard: () => form.reset(shipmentValues(record)),
                      }
                    : { label: t('cancel'), onDiscard: () => void navigate('/shipments') }
                }
              />
            </Stack>
          </Box>
        )}
      </form>
      <SaveConflictDialog
        save={save}
        noun={t('noun')}
        onReload={() => void client.invalidateQueries({ queryKey: shipmentsResource.keys.item(id) })}
      />
    </Box>
  );
}

/** Close the job (the service checks its money first), or reopen a closed one; online only. */
function CloseJobButton({ closed, onClick }: { closed: boolean; onClick: () => void }) {
  const t = useChargesT();
  const online = useOnline();
  return (
    <Button
      size="sm"
      variant="outline"
      marginStart="auto"
      disabled={!online}
      title={online ? undefined : t('close.offline')}
      onClick={onClick}
    >
      {t(closed ? 'close.reopen' : 'close.open')}
    </Button>
  );
}
