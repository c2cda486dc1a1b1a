/**
 * `/shipments/{id}/charges` (issue 26, docs/shipments.md "Charges and profit"): a kit child resource of the
 * shipment, so versions, Idempotency-Key, the audit trail and row-level security are the kit's. Every route
 * needs `shipments.charges` (403 before validation). The contract's schemas check the fields' forms (a
 * number for an amount is a 400); the hooks add what needs the database, each refusal one 400 naming its
 * field: the charge code an active option of the picklist `charge-codes`, the currency the base currency
 * or a company currency, the party a contact of the company. A closed job's charges stay as it closed
 * (409 SHIPMENT_CLOSED; reopen it to change them).
 */
import type { z } from 'zod';
import { ERROR_CODES, type ErrorDetail } from '../../../src/shared/api-envelope.ts';
import {
  CHARGE_CODE_PICKLIST,
  chargeListQuery,
  chargeSchema,
  createChargeBody,
  updateChargeBody,
  type Charge,
} from '../../../src/shared/contracts/shipment-charges.ts';
import { ApiError } from '../../http/api-error.ts';
import { defineChildResource } from '../../http/child-resource.ts';
import type { ResourceContext } from '../../http/resource-kit.ts';
import { contactNames } from './shipment-repository.ts';
import {
  activeOptions,
  chargeCurrencies,
  chargeExists,
  moneyContext,
  shipmentChargeRepository,
  type ChargeInsert,
  type ChargePatch,
} from './shipment-charge-repository.ts';
import { shipmentResource } from './shipment-resource.ts';

type CreateValues = z.output<typeof createChargeBody>;
type UpdateFields = Omit<z.output<typeof updateChargeBody>, 'version'>;

const shipmentIdOf = (ctx: ResourceContext) => (ctx.req.params as { parentId: string }).parentId;

/** Refuses a change of a closed job's charges; holds the shipment against a concurrent closing. */
async function assertOpen(ctx: ResourceContext): Promise<void> {
  const context = await moneyContext(ctx.tx, shipmentIdOf(ctx), ctx.deps.now(), { share: true });
  if (context?.closed)
    throw new ApiError(
      409,
      ERROR_CODES.SHIPMENT_CLOSED,
      'The job is closed, so its charges stay as they closed: reopen it to change them',
    );
}

/** The checks of the fields a write sets that need the database; one 400 with every problem. */
async function checkReferences(
  ctx: ResourceContext,
  values: Pick<ChargePatch, 'chargeCode' | 'currency' | 'partyId'>,
): Promise<void> {
  const details: ErrorDetail[] = [];
  if (values.chargeCode !== undefined) {
    const known = await activeOptions(ctx.tx, CHARGE_CODE_PICKLIST, [values.chargeCode]);
    if (!known.has(values.chargeCode))
      details.push({ path: 'body.chargeCode', message: `${values.chargeCode} is not one of the charge codes` });
  }
  if (values.currency !== undefined) {
    const { base, others } = await chargeCurrencies(ctx.tx);
    if (values.currency !== base && !others.has(values.currency))
      details.push({
        path: 'body.currency',
        message: `${values.currency} is neither the base currency (${base}) nor a currency of the company`,
      });
  }
  if (values.partyId) {
    const names = await contactNames(ctx.tx, [values.partyId]);
    if (!names.has(values.partyId)) details.push({ path: 'body.partyId', message: 'is not a contact of this company' });
  }
  if (details.length > 0)
    throw new ApiError(400, ERROR_CODES.VALIDATION_FAILED, 'The request is not valid', { details });
}

export const shipmentChargeResource = defineChildResource({
  parent: { ...shipmentResource, permission: 'shipments' },
  action: 'charges',
  path: '/charges',
  entity: 'shipmentCharge',
  label: 'Charge',
  tag: 'shipments',
  schemas: {
    item: chargeSchema,
    listQuery: chargeListQuery,
    create: createChargeBody,
    update: updateChargeBody,
  },
  defaultSort: { field: 'createdAt', descending: false },
  updateMethods: ['PATCH'],
  repository: shipmentChargeRepository,
  summaries: {
    list: "A shipment's charges (revenue and cost lines); `kind` filters by side",
    create: 'Add a charge to a shipment; `_id` may be made by the client (offline)',
    update: 'Change a charge (send `version` or `If-Match`)',
  },
  // The party's name and the rounded amount follow from other records and fields: the trail holds what was written.
  auditable: ({ partyName: _name, amount: _amount, ...rest }: Charge) => rest,
  hooks: {
    beforeCreate: async (ctx, body: CreateValues): Promise<ChargeInsert> => {
      const { _id: id, ...values } = body;
      await assertOpen(ctx);
      if (id && (await chargeExists(ctx.tx, id)))
        throw new ApiError(409, ERROR_CODES.ALREADY_EXISTS, 'A charge with this id already exists', {
          details: [{ path: 'body._id', message: 'already in use' }],
        });
      await checkReferences(ctx, values);
      return { ...values, id, companyId: ctx.companyId, createdBy: ctx.auth.userId };
    },
    beforeUpdate: async (ctx, before, patch: UpdateFields): Promise<ChargePatch> => {
      await assertOpen(ctx);
      // Only what changes is checked again: a charge keeps a code or currency the company has since retired.
      await checkReferences(ctx, {
        ...(patch.chargeCode !== undefined && patch.chargeCode !== before.chargeCode
          ? { chargeCode: patch.chargeCode }
          : {}),
        ...(patch.currency !== undefined && patch.currency !== before.currency ? { currency: patch.currency } : {}),
        ...(patch.partyId !== undefined && patch.partyId !== before.partyId ? { partyId: patch.partyId } : {}),
      });
      return patch;
    },
    beforeDelete: async (ctx) => {
      await assertOpen(ctx);
    },
  },
});
