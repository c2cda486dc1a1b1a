/**
 * `/shipments` on the kit (docs/shipments.md). The contract's schemas check each field and the rules that
 * join fields; the hooks here add what needs the database: the parties are contacts of the company, the
 * places are known to master's lists for the mode (sea: UN/LOCODE seaports; air: IATA airports; road and
 * the places of receipt and delivery: any known UN/LOCODE), the number comes from the company's series,
 * and an update is checked as the merged record it leaves behind. Every refusal is one 400 naming each
 * field (`body.containers.1.number`), as the schema validation names them.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { ERROR_CODES, type ErrorDetail } from '../../../src/shared/api-envelope.ts';
import {
  createShipmentBody,
  shipmentFields,
  shipmentListQuery,
  shipmentSchema,
  shipmentValuesSchema,
  updateShipmentBody,
  type Shipment,
  type ShipmentValues,
} from '../../../src/shared/contracts/shipments.ts';
import { isSeaMode, type ShipmentMode } from '../../../src/shared/shipments/codes.ts';
import { normalizeSearchText } from '../../../src/shared/shipments/search.ts';
import { milestoneFacts } from '../../../src/shared/shipments/milestone-facts.ts';
import { shipmentTotals } from '../../../src/shared/shipments/totals.ts';
import { ApiError } from '../../http/api-error.ts';
import { defineResource, type ResourceContext } from '../../http/resource-kit.ts';
import { searchDocument } from '../../http/search-document.ts';
import { knownPlaces } from '../master/places-repository.ts';
import { milestoneEvents, refreshMilestoneFacts } from './shipment-event-repository.ts';
import { checkClosing } from './shipment-money.ts';
import { follow } from './shipment-follower-repository.ts';
import {
  assignShipmentNumber,
  contactNames,
  shipmentExists,
  shipmentRepository,
  type ShipmentDerived,
} from './shipment-repository.ts';

const PARTY_FIELDS = ['customerId', 'shipperId', 'consigneeId', 'notifyPartyId', 'agentId', 'carrierId'] as const;

/** The number series of a mode: sea-fcl and sea-lcl share SEA. */
export function numberPrefix(mode: ShipmentMode): 'SEA' | 'AIR' | 'ROAD' {
  if (isSeaMode(mode)) return 'SEA';
  return mode === 'air' ? 'AIR' : 'ROAD';
}

/** `SEA-2026-00001`: the prefix, the year of creation (UTC) and the number in the series, five digits or more. */
export function formatShipmentNumber(prefix: string, year: number, n: number): string {
  return `${prefix}-${year}-${String(n).padStart(5, '0')}`;
}

function refused(details: ErrorDetail[]): ApiError {
  return new ApiError(400, ERROR_CODES.VALIDATION_FAILED, 'The request is not valid', { details });
}

const bodyPath = (path: readonly PropertyKey[]) => ['body', ...path.map(String)].join('.');

/**
 * The checks that need the database, on the values a write leaves: each party a contact of the company, each
 * place known for the mode. Answers the customer's name (for the search text); throws one 400 with every
 * problem.
 */
async function checkReferences(ctx: ResourceContext, values: ShipmentValues): Promise<string> {
  const details: ErrorDetail[] = [];
  const ids = PARTY_FIELDS.map((field) => values[field]).filter((id): id is string => !!id);
  const names = await contactNames(ctx.tx, ids);
  for (const field of PARTY_FIELDS) {
    const id = values[field];
    if (id && !names.has(id)) details.push({ path: bodyPath([field]), message: 'is not a contact of this company' });
  }

  const air = values.mode === 'air';
  const routeCodes = [values.origin, values.destination].filter((c): c is string => !!c);
  const placeCodes = [values.placeOfReceipt, values.placeOfDelivery].filter((c): c is string => !!c);
  const known = await knownPlaces(ctx.tx, {
    locodes: [...(air ? [] : routeCodes), ...placeCodes],
    iatas: air ? routeCodes : [],
  });
  for (const field of ['origin', 'destination'] as const) {
    const code = values[field];
    if (!code) continue;
    if (isSeaMode(values.mode)) {
      // UNECE's function classifier starts with 1 for a seaport.
      if (!known.locodes.get(code)?.startsWith('1'))
        details.push({ path: bodyPath([field]), message: `${code} is not a known seaport (UN/LOCODE)` });
    } else if (air) {
      if (!known.iatas.has(code))
        details.push({ path: bodyPath([field]), message: `${code} is not a known IATA airport` });
    } else if (!known.locodes.has(code)) {
      details.push({ path: bodyPath([field]), message: `${code} is not a known UN/LOCODE` });
    }
  }
  for (const field of ['placeOfReceipt', 'placeOfDelivery'] as const) {
    const code = values[field];
    if (code && !known.locodes.has(code))
      details.push({ path: bodyPath([field]), message: `${code} is not a known UN/LOCODE` });
  }
  if (details.length > 0) throw refused(details);
  return names.get(values.customerId)!;
}

/** What the service stores next to the caller's values: totals and the search text (the seed writes them too). */
export function derived(
  values: ShipmentValues,
  number: string,
  customerName: string,
): Pick<ShipmentDerived, 'totals' | 'searchKeys' | 'customerSearch'> {
  return {
    totals: shipmentTotals(values.mode, values.cargo),
    searchKeys: searchDocument(
      [
        number,
        ...values.containers.map((c) => c.number),
        values.masterBillNumber,
        values.houseBillNumber,
        values.carrierBookingReference,
      ],
      normalizeSearchText,
    ),
    customerSearch: normalizeSearchText(customerName),
  };
}

/**
 * What a write does to the closing (docs/shipments.md, "Closing a job"). Closing checks the money first
 * (`checkClosing`: a revenue line, a rate for every line, a loss reason for a margin at or below zero) and
 * records when, by whom and why it closed at a loss; reopening clears the three. A loss reason may also be
 * given again to a job already closed at a loss. Anything else leaves them as they are.
 */
async function closingOf(
  ctx: ResourceContext,
  before: Shipment,
  values: ShipmentValues,
  change: { closed: boolean; lossReason: string | undefined },
): Promise<Partial<Pick<ShipmentDerived, 'closedAt' | 'closedBy' | 'lossReason'>>> {
  if (!change.closed) {
    if (change.lossReason !== undefined)
      throw refused([{ path: 'body.lossReason', message: 'is given with closed: true, when a job closes at a loss' }]);
    return before.closed ? { closedAt: null, closedBy: null, lossReason: null } : {};
  }
  if (before.closed && change.lossReason === undefined) return {};
  const { lossReason } = await checkClosing(ctx.tx, before._id, ctx.deps.now(), {
    etd: values.etd,
    lossReason: change.lossReason,
  });
  if (before.closed) return { lossReason };
  return { closedAt: ctx.deps.now().toISOString(), closedBy: ctx.auth.userId, lossReason };
}

const WRITABLE = Object.keys(shipmentFields) as Array<keyof ShipmentValues>;

/** The stored record's writable values, the starting point an update's patch is merged into. */
function writableValues(item: Shipment): Record<string, unknown> {
  return Object.fromEntries(WRITABLE.map((field) => [field, item[field as keyof Shipment]]));
}

type UpdateFields = Omit<z.output<typeof updateShipmentBody>, 'version'>;

export const shipmentResource = defineResource({
  path: '/shipments',
  entity: 'shipment',
  label: 'Shipment',
  permission: 'shipments',
  tag: 'shipments',
  schemas: {
    item: shipmentSchema,
    listQuery: shipmentListQuery,
    create: createShipmentBody,
    update: updateShipmentBody,
  },
  defaultSort: { field: 'createdAt', descending: true },
  updateMethods: ['PATCH'],
  repository: shipmentRepository,
  // The customer's name and the totals follow from other records and fields: the trail holds what was written
  // (the closing's time and loss reason included: the shipment's history shows why a job closed at a loss).
  auditable: ({ customerName: _name, totals: _totals, ...rest }: Shipment) => rest,
  hooks: {
    beforeCreate: async (ctx, body) => {
      const { _id: id, ...values } = body;
      if (id && (await shipmentExists(ctx.tx, id)))
        throw new ApiError(409, ERROR_CODES.ALREADY_EXISTS, 'A shipment with this id already exists', {
          details: [{ path: 'body._id', message: 'already in use' }],
        });
      const customerName = await checkReferences(ctx, values);
      return {
        ...values,
        id,
        companyId: ctx.companyId,
        createdBy: ctx.auth.userId,
        // Never seen outside this transaction: `assignNumber` replaces it before the commit.
        number: `PENDING-${randomUUID()}`,
        closed: false,
        status: 'draft' as const,
        ...derived(values, '', customerName),
      };
    },
    // The number is the create's last write, so that the series stays locked for the audit entry and the
    // commit only (docs/shipments.md, "Speed"): concurrent creates still take consecutive numbers.
    assignNumber: async (ctx, created) => {
      const number = await assignShipmentNumber(ctx.tx, {
        companyId: ctx.companyId,
        id: created._id,
        prefix: numberPrefix(created.mode),
        year: ctx.deps.now().getUTCFullYear(),
      });
      return { ...created, number };
    },
    beforeUpdate: async (ctx, before, patch: UpdateFields) => {
      const { closed: closing, lossReason, ...fields } = patch;
      const merged = writableValues(before);
      for (const [field, value] of Object.entries(fields)) if (value !== undefined) merged[field] = value;
      const parsed = shipmentValuesSchema.safeParse(merged);
      if (!parsed.success)
        throw refused(parsed.error.issues.map((issue) => ({ path: bodyPath(issue.path), message: issue.message })));
      const values = parsed.data;
      const customerName = await checkReferences(ctx, values);
      const closed = closing ?? before.closed;
      const closure = await closingOf(ctx, before, values, { closed, lossReason });
      const { status } = milestoneFacts(
        { closed, origin: values.origin, destination: values.destination, placeOfDelivery: values.placeOfDelivery },
        await milestoneEvents(ctx.tx, ctx.companyId, before._id),
      );
      return {
        ...values,
        ...closure,
        companyId: ctx.companyId,
        closed,
        status,
        ...derived(values, before.number, customerName),
      };
    },
    // The user who created a shipment follows it.
    afterCreate: async (ctx, id) => {
      await follow(ctx.tx, ctx.companyId, id, ctx.auth.userId);
    },
    // A changed route changes which events count as the departure and the arrival.
    afterUpdate: async (ctx, _before, after) => {
      await refreshMilestoneFacts(ctx.tx, ctx.companyId, after._id, after);
    },
    beforeDelete: (_ctx, before) => {
      if (before.status !== 'draft')
        throw new ApiError(
          409,
          ERROR_CODES.SHIPMENT_NOT_DRAFT,
          `Only a draft shipment can be deleted; ${before.number} is ${before.status}`,
        );
    },
  },
});
