/**
 * The office's day (docs/shipments.md): `GET /shipments/attention` lists the shipments that need attention
 * (late, at risk, on hold) with the reasons and counts, and `GET /shipments/movements?from&to` the
 * arrivals and departures between two instants (the app sends the start of the user's today and 8 days
 * later). Both read what the milestones stored on each shipment (migration 029).
 */
import { z } from 'zod';
import { SHIPMENT_MODES, SHIPMENT_STATUSES } from '../shipments/codes.ts';
import { listAnswer } from './resource-contract.ts';

/**
 * - `late`: its estimated or planned arrival (a `PLN ARRI`, else the end of its ETA day, UTC) has passed
 *   without an actual arrival;
 * - `at-risk`: the latest estimate of arrival is more than 24 hours after the planned time;
 * - `on-hold`: an actual `HOLD` with no release after it.
 */
export const ATTENTION_REASONS = ['late', 'at-risk', 'on-hold'] as const;
export type AttentionReason = (typeof ATTENTION_REASONS)[number];

const shipmentLine = {
  _id: z.string(),
  number: z.string(),
  mode: z.enum(SHIPMENT_MODES),
  status: z.enum(SHIPMENT_STATUSES),
  customerName: z.string(),
  origin: z.string().nullable(),
  destination: z.string().nullable(),
};

export const attentionItemSchema = z.object({
  ...shipmentLine,
  reasons: z.array(z.enum(ATTENTION_REASONS)),
  plannedArrivalAt: z.string().nullable(),
  estimatedArrivalAt: z.string().nullable(),
});
export type AttentionItem = z.infer<typeof attentionItemSchema>;

export const attentionQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const attentionMeta = z.object({
  total: z.number().int(),
  late: z.number().int(),
  atRisk: z.number().int(),
  onHold: z.number().int(),
});
export type AttentionMeta = z.infer<typeof attentionMeta>;
export const attentionAnswer = listAnswer(attentionItemSchema, attentionMeta);

export const movementsQuery = z
  .strictObject({
    from: z.iso.datetime({ offset: true, message: 'a date and time with its offset' }),
    to: z.iso.datetime({ offset: true, message: 'a date and time with its offset' }),
  })
  .refine((q) => Date.parse(q.to) > Date.parse(q.from), { path: ['to'], message: 'must be after from' })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 31 * 86_400_000, {
    path: ['to'],
    message: 'at most 31 days after from',
  });

export const movementItemSchema = z.object({
  ...shipmentLine,
  /** When it arrives or departs: the actual time, else the latest estimate, else the plan (ETA/ETD noon UTC). */
  at: z.string(),
  actual: z.boolean(),
});
export type MovementItem = z.infer<typeof movementItemSchema>;

export const movementsSchema = z.object({
  arrivals: z.array(movementItemSchema),
  departures: z.array(movementItemSchema),
});
export type Movements = z.infer<typeof movementsSchema>;
