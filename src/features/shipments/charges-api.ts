/**
 * A shipment's charges (`/shipments/{id}/charges`, CONTRACT section 14) and its profit (`GET /profit`), with
 * what the charge editor offers: the charge codes, the company's currencies and their rates. Every write goes
 * through the outbox under its shipment (`parent`): offline it shows at once in this shipment's list, marked
 * as waiting, and a charge of a shipment that is itself still in the outbox is sent only once that shipment
 * landed. A new charge's `_id` is made here, so it lands once however often the outbox sends it and later
 * edits name it. When a write lands, fails or conflicts the outbox refreshes everything under the resource's
 * name: the list and the profit.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiCall } from '../../lib/api/api-client';
import { fetchAllPages } from '../../lib/api/fetch-all-pages';
import { isApiError } from '../../lib/api/api-error';
import { PENDING_MARK } from '../../lib/outbox/optimistic';
import { isQueuedWrite } from '../../lib/outbox/queued-write-error';
import { sendWrite } from '../../lib/outbox/write';
import { ERROR_CODES, type ErrorDetail } from '../../shared/api-envelope';
import { deletedItemSchema } from '../../shared/contracts/resource-contract';
import {
  CHARGE_CODE_PICKLIST,
  chargeSchema,
  LOSS_REASON_PICKLIST,
  readNoRateDetails,
  shipmentProfitSchema,
  type Charge,
  type CreateChargeInput,
  type UpdateChargeInput,
} from '../../shared/contracts/shipment-charges';
import { companyCurrencyHistoryAnswerSchema, companyCurrencySchema } from '../../shared/contracts/master-data';
import { dropdownAnswerSchema, type DropdownOption } from '../../shared/contracts/master-reference';
import { lineAmount, roundMoney } from '../../shared/shipments/money';
import { shipmentsResource } from './api';

/** The outbox's resource of a charge, and the first part of every query key below. */
export const SHIPMENT_CHARGES_RESOURCE = 'shipment-charges';

/** A charge as listed: stored, or waiting in the outbox. */
export type ListedCharge = Charge & { [PENDING_MARK]?: true };

/** A child list's key: `[resource, 'list', parentId]`, so a queued create shows under its own shipment only. */
export const chargesKey = (shipmentId: string) => [SHIPMENT_CHARGES_RESOURCE, 'list', shipmentId] as const;
export const profitKey = (shipmentId: string) => [SHIPMENT_CHARGES_RESOURCE, 'profit', shipmentId] as const;

const chargesPath = (shipmentId: string) => `/shipments/${encodeURIComponent(shipmentId)}/charges`;

/** Every charge of the shipment, oldest first (a job has tens of lines, a few hundred at most). */
export function chargesQueryOptions(shipmentId: string) {
  return queryOptions({
    queryKey: chargesKey(shipmentId),
    queryFn: ({ signal }): Promise<ListedCharge[]> =>
      fetchAllPages('shipmentserver', `${chargesPath(shipmentId)}?sort=createdAt`, chargeSchema, { signal }),
  });
}

/** Revenue, cost, profit and margin in the base currency; `409 NO_RATE` names the currencies without a rate. */
export function profitQueryOptions(shipmentId: string) {
  return queryOptions({
    queryKey: profitKey(shipmentId),
    queryFn: ({ signal }) =>
      apiCall('shipmentserver', `/shipments/${encodeURIComponent(shipmentId)}/profit`, shipmentProfitSchema, {
        signal,
      }),
    // A 409 is an answer (which rate is missing), not a failure worth asking again.
    retry: (count, error) => !(isApiError(error) && error.status < 500 && error.status > 0) && count < 2,
  });
}

/** The currencies and day a `409 NO_RATE` names; empty for any other error. */
export function missingRatesOf(error: unknown): { currency: string; date: string }[] {
  if (!isApiError(error) || error.code !== ERROR_CODES.NO_RATE) return [];
  return readNoRateDetails(Array.isArray(error.details) ? (error.details as ErrorDetail[]) : undefined);
}

/** The company's options of the shipments module (charge codes, loss reasons), in their order. */
export const shipmentPicklistsQueryOptions = queryOptions({
  queryKey: ['dropdowns', 'shipments'] as const,
  queryFn: ({ signal }) => apiCall('master', '/dropdown?module=shipments', dropdownAnswerSchema, { signal }),
  staleTime: 5 * 60_000,
});

function optionsOf(all: readonly DropdownOption[] | undefined, group: string): DropdownOption[] {
  return (all ?? []).filter((o) => o.group === group).sort((a, b) => a.sortOrder - b.sortOrder);
}

export const chargeCodeOptions = (all: readonly DropdownOption[] | undefined) =>
  optionsOf(all, CHARGE_CODE_PICKLIST.group);
export const lossReasonOptions = (all: readonly DropdownOption[] | undefined) =>
  optionsOf(all, LOSS_REASON_PICKLIST.group);

/**
 * The company's currencies with their current rate (master's `/company-currency`, which needs
 * `masterData.read`: a role without it is offered the base currency and the currencies already used).
 */
export const companyCurrenciesQueryOptions = queryOptions({
  queryKey: ['company-currencies', 'charges'] as const,
  queryFn: ({ signal }) => fetchAllPages('master', '/company-currency?sort=code', companyCurrencySchema, { signal }),
  staleTime: 5 * 60_000,
  retry: (count, error) => !(isApiError(error) && error.status === 403) && count < 2,
});

/** Every rate a company currency has had (for a job whose ETD lies before its current rate). */
export function fetchCurrencyHistory(currencyId: string, signal?: AbortSignal) {
  return apiCall(
    'master',
    `/company-currency/${encodeURIComponent(currencyId)}/history`,
    companyCurrencyHistoryAnswerSchema,
    signal ? { signal } : {},
  );
}

/** A new charge's id. */
export const newChargeId = (): string => crypto.randomUUID();

/** What the outbox calls a charge: "FRT 1,250.00 USD · SEA-2026-00001". */
export function chargeLabel(charge: { chargeCode: string; currency: string }, amount: string, shipment: string) {
  return `${charge.chargeCode} ${amount} ${charge.currency}${shipment ? ` · ${shipment}` : ''}`;
}

export type ChargeWriteOutcome = { landed: Charge } | { queued: true };

const parentOf = (shipmentId: string) => ({ resource: shipmentsResource.name, recordId: shipmentId });

function amountOf(body: { quantity?: string; unitPrice?: string; currency?: string }, before?: Charge): string {
  const quantity = body.quantity ?? before?.quantity ?? '1';
  const unitPrice = body.unitPrice ?? before?.unitPrice ?? '0';
  const currency = body.currency ?? before?.currency ?? '';
  try {
    return roundMoney(lineAmount(quantity, unitPrice), currency);
  } catch {
    return unitPrice;
  }
}

/** After a write landed: the list and the profit as the service now has them. */
async function refresh(client: QueryClient, shipmentId: string) {
  await Promise.all([
    client.invalidateQueries({ queryKey: chargesKey(shipmentId) }),
    client.invalidateQueries({ queryKey: profitKey(shipmentId) }),
  ]);
}

/**
 * Adds a charge: sent at once when online, else kept in the outbox and shown as waiting in this shipment's
 * list (made here when the device has none, as for a shipment created offline). Rejects with the service's
 * error (400 naming a field, 409).
 */
export async function addCharge(
  client: QueryClient,
  shipmentId: string,
  body: CreateChargeInput & { _id: string },
  shipmentNumber: string,
): Promise<ChargeWriteOutcome> {
  const amount = amountOf(body);
  try {
    const landed = await sendWrite(
      {
        service: 'shipmentserver',
        path: chargesPath(shipmentId),
        method: 'POST',
        body: { ...body },
        resource: SHIPMENT_CHARGES_RESOURCE,
        recordId: body._id,
        label: chargeLabel(body, amount, shipmentNumber),
        parent: parentOf(shipmentId),
      },
      chargeSchema,
    );
    await refresh(client, shipmentId);
    return { landed };
  } catch (error) {
    if (!isQueuedWrite(error)) throw error;
    // The outbox showed it in a cached list; a shipment whose charges were never loaded gets one now.
    client.setQueryData<ListedCharge[]>(chargesKey(shipmentId), (list) => {
      if (list?.some((c) => c._id === body._id)) return list;
      const now = new Date().toISOString();
      const shown: ListedCharge = {
        _id: body._id,
        version: 0,
        createdAt: now,
        updatedAt: now,
        shipmentId,
        kind: body.kind,
        chargeCode: body.chargeCode,
        description: body.description ?? '',
        quantity: body.quantity ?? '1',
        unitPrice: body.unitPrice,
        currency: body.currency,
        amount,
        partyId: body.partyId ?? null,
        partyName: null,
        [PENDING_MARK]: true,
      };
      return [...(list ?? []), shown];
    });
    return { queued: true };
  }
}

/** Changes a charge (`version` in the body: 409 VERSION_CONFLICT when someone saved it in between). */
export async function updateCharge(
  client: QueryClient,
  shipmentId: string,
  before: Charge,
  body: UpdateChargeInput,
  shipmentNumber: string,
): Promise<ChargeWriteOutcome> {
  try {
    const landed = await sendWrite(
      {
        service: 'shipmentserver',
        path: `${chargesPath(shipmentId)}/${encodeURIComponent(before._id)}`,
        method: 'PATCH',
        body: { ...body },
        resource: SHIPMENT_CHARGES_RESOURCE,
        recordId: before._id,
        label: chargeLabel({ ...before, ...body }, amountOf(body, before), shipmentNumber),
        parent: parentOf(shipmentId),
      },
      chargeSchema,
    );
    await refresh(client, shipmentId);
    return { landed };
  } catch (error) {
    if (!isQueuedWrite(error)) throw error;
    return { queued: true };
  }
}

/** Deletes a charge (offline: it leaves the list at once and is deleted when the connection is back). */
export async function deleteCharge(
  client: QueryClient,
  shipmentId: string,
  charge: Charge,
  shipmentNumber: string,
): Promise<{ queued: boolean }> {
  try {
    await sendWrite(
      {
        service: 'shipmentserver',
        path: `${chargesPath(shipmentId)}/${encodeURIComponent(charge._id)}`,
        method: 'DELETE',
        resource: SHIPMENT_CHARGES_RESOURCE,
        recordId: charge._id,
        label: chargeLabel(charge, charge.amount, shipmentNumber),
        parent: parentOf(shipmentId),
      },
      deletedItemSchema,
    );
    await refresh(client, shipmentId);
    return { queued: false };
  } catch (error) {
    if (!isQueuedWrite(error)) throw error;
    return { queued: true };
  }
}
