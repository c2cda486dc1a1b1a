/**
 * Milestones, `/shipments/{id}/events` (docs/shipments.md): `GET` lists them in time order with the status
 * they give; `POST` appends one. The client makes the event's `_id`: the same id again answers the stored
 * event (200) and writes nothing. There is no update or delete: a correction names the event it replaces
 * in `retracts`. Reading needs `shipments.read`, adding `shipments.create`, checked before the body is
 * read, as for every route.
 */
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES, type ErrorDetail } from '../../../src/shared/api-envelope.ts';
import {
  createShipmentEventBody,
  followStateSchema,
  shipmentEventAddedSchema,
  shipmentEventsAnswer,
  type ShipmentEventAdded,
} from '../../../src/shared/contracts/shipment-events.ts';
import type { Shipment } from '../../../src/shared/contracts/shipments.ts';
import { milestoneFacts } from '../../../src/shared/shipments/milestone-facts.ts';
import { CANCEL_REFUSED_STATUSES, isActualInFuture } from '../../../src/shared/shipments/milestones.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import { auditChange } from '../../http/audit-change.ts';
import type { ServiceDeps } from '../../http/build-service-app.ts';
import { runRead, runWrite } from '../../http/idempotency.ts';
import { idParams, itemResponse } from '../../http/list-query.ts';
import { requires } from '../../http/route-permission.ts';
import { knownPlaces } from '../master/places-repository.ts';
import { createNotifications } from '../notifications/notification-service.ts';
import { notifyAttention } from './shipment-attention-notice.ts';
import { follow, followersToTell, followState, unfollow } from './shipment-follower-repository.ts';
import {
  appendShipmentEvents,
  findShipmentEvent,
  listShipmentEvents,
  milestoneEvents,
} from './shipment-event-repository.ts';
import { shipmentRepository } from './shipment-repository.ts';

type EventBody = ReturnType<typeof createShipmentEventBody.parse>;

const invalid = (details: ErrorDetail[]) =>
  new ApiError(400, ERROR_CODES.VALIDATION_FAILED, 'The request is not valid', { details });

/** The checks that need the shipment: its containers, a known place, an event of this shipment to retract. */
async function checkAgainstShipment(
  tx: Parameters<typeof knownPlaces>[0],
  shipment: Shipment,
  body: EventBody,
): Promise<void> {
  const details: ErrorDetail[] = [];
  if (body.containerNumber && !shipment.containers.some((c) => c.number === body.containerNumber))
    details.push({
      path: 'body.containerNumber',
      message: `${body.containerNumber} is not a container of this shipment`,
    });
  if (body.location) {
    const iata = body.location.length === 3;
    const known = await knownPlaces(tx, {
      locodes: iata ? [] : [body.location],
      iatas: iata ? [body.location] : [],
    });
    if (!(iata ? known.iatas.has(body.location) : known.locodes.has(body.location)))
      details.push({
        path: 'body.location',
        message: `${body.location} is not a known ${iata ? 'IATA airport' : 'UN/LOCODE'}`,
      });
  }
  if (body.retracts) {
    const target = await findShipmentEvent(tx, body.retracts);
    if (!target || target.shipmentId !== shipment._id)
      details.push({ path: 'body.retracts', message: 'is not an event of this shipment' });
  }
  if (details.length > 0) throw invalid(details);
}

/** What a milestone's code says, for the followers' notification (stored once, in English as the bell's other kinds). */
const MILESTONE_WORDS: Record<string, string> = {
  DEPA: 'Departed',
  ARRI: 'Arrived',
  GTIN: 'Gate in',
  GTOT: 'Gate out',
  STUF: 'Stuffed',
  STRP: 'Stripped',
  LOAD: 'Loaded',
  DISC: 'Discharged',
  PICK: 'Picked up',
  DROP: 'Delivered to the consignee',
  RECE: 'Cargo received',
  CONF: 'Booking confirmed',
  ISSU: 'Documents issued',
  RELS: 'Released',
  HOLD: 'On hold',
  CANC: 'Cancelled',
};

export function registerShipmentEventRoutes(scope: FastifyInstance, deps: ServiceDeps): void {
  // Following: anyone who may read the shipment may follow it; the creator follows it from the start.
  const followRoute = (method: 'GET' | 'PUT' | 'DELETE', summary: string) =>
    scope.route({
      method,
      url: '/shipments/:id/follow',
      config: { permission: requires('shipments', 'read') },
      schema: { summary, tags: ['shipments'], params: idParams, response: { 200: itemResponse(followStateSchema) } },
      handler: async (req, reply) => {
        const { id } = req.params as { id: string };
        const work = async (tx: Parameters<typeof followState>[0], auth: { companyId: string; userId: string }) => {
          if (!(await shipmentRepository.find(tx, id))) throw notFound('Shipment');
          if (method === 'PUT') await follow(tx, auth.companyId, id, auth.userId);
          if (method === 'DELETE') await unfollow(tx, id, auth.userId);
          return { data: await followState(tx, id, auth.userId) };
        };
        return method === 'GET' ? runRead(deps, req, {}, work) : runWrite(deps, req, reply, {}, work);
      },
    });
  followRoute('GET', 'Whether the caller follows the shipment, and how many users do');
  followRoute('PUT', 'Follow the shipment: its actual milestones reach the caller’s bell');
  followRoute('DELETE', 'Stop following the shipment');

  scope.get(
    '/shipments/:id/events',
    {
      config: { permission: requires('shipments', 'read') },
      schema: {
        summary: 'A shipment’s milestones in time order, retracted ones marked, and the status they give',
        tags: ['shipments'],
        params: idParams,
        response: { 200: shipmentEventsAnswer },
      },
    },
    async (req) => {
      const { id } = req.params as { id: string };
      return runRead(deps, req, {}, async (tx) => {
        const shipment = await shipmentRepository.find(tx, id);
        if (!shipment) throw notFound('Shipment');
        const data = await listShipmentEvents(tx, id);
        return { data, meta: { total: data.length, status: shipment.status } };
      });
    },
  );

  scope.post(
    '/shipments/:id/events',
    {
      config: { permission: requires('shipments', 'create') },
      schema: {
        summary: 'Add a milestone (DCSA code, PLN/EST/ACT); the same client-made _id twice is stored once',
        tags: ['shipments'],
        params: idParams,
        body: createShipmentEventBody,
        response: { 200: itemResponse(shipmentEventAddedSchema), 201: itemResponse(shipmentEventAddedSchema) },
      },
    },
    async (req, reply) => {
      const { id } = req.params as { id: string };
      const body = req.body as EventBody;
      let alreadyStored = false;
      const answer = await runWrite(deps, req, reply, { status: 201 }, async (tx, auth) => {
        // The row lock orders concurrent events of one shipment, so that each status counts them all.
        const shipment = await shipmentRepository.find(tx, id, { lock: true });
        if (!shipment) throw notFound('Shipment');

        const stored = await findShipmentEvent(tx, body._id);
        if (stored) {
          if (stored.shipmentId !== id)
            throw new ApiError(409, ERROR_CODES.ALREADY_EXISTS, 'An event with this id belongs to another shipment', {
              details: [{ path: 'body._id', message: 'already in use' }],
            });
          alreadyStored = true;
          const data: ShipmentEventAdded = { ...stored, shipmentStatus: shipment.status };
          return { data };
        }

        if (isActualInFuture(body, deps.now()))
          throw new ApiError(
            400,
            ERROR_CODES.ACTUAL_EVENT_IN_FUTURE,
            'An actual event cannot lie in the future: record it as estimated (EST), or when it has happened',
            { details: [{ path: 'body.at', message: 'lies more than 5 minutes in the future' }] },
          );
        await checkAgainstShipment(tx, shipment, body);

        const events = await milestoneEvents(tx, auth.companyId, id);
        if (body.code === 'CANC') {
          // Where the shipment would stand with this event and without any cancellation.
          const { status } = milestoneFacts(
            { ...shipment, closed: false },
            [
              ...events,
              {
                ...body,
                location: null,
                containerNumber: null,
                retracts: body.retracts ?? null,
                createdAt: deps.now().toISOString(),
              },
            ].filter((e) => e.code !== 'CANC'),
          );
          if ((CANCEL_REFUSED_STATUSES as readonly string[]).includes(status))
            throw new ApiError(
              409,
              ERROR_CODES.SHIPMENT_IN_TRANSIT,
              `${shipment.number} has left (${status}) and can no longer be cancelled`,
            );
        }

        const facts = await appendShipmentEvents(
          tx,
          auth.companyId,
          id,
          [
            {
              id: body._id,
              code: body.code,
              classifier: body.classifier,
              at: body.at,
              location: body.location ?? null,
              containerNumber: body.containerNumber ?? null,
              note: body.note ?? '',
              retracts: body.retracts ?? null,
              createdBy: auth.userId,
            },
          ],
          shipment,
        );
        const event = await findShipmentEvent(tx, body._id);
        if (!event) throw notFound('Event');
        await auditChange(tx, req, auth, {
          action: 'shipment.event',
          entity: 'shipment',
          entityId: id,
          before: { status: shipment.status },
          after: { status: facts.status },
          extra: {
            event: {
              _id: event._id,
              code: event.code,
              classifier: event.classifier,
              at: event.at,
              location: event.location,
              containerNumber: event.containerNumber,
              retracts: event.retracts,
            },
          },
        });
        // The followers hear of what actually happened (a plan or an estimate is no news).
        if (event.classifier === 'ACT') {
          const userIds = await followersToTell(tx, id, auth.userId);
          if (userIds.length > 0)
            await createNotifications(tx, {
              companyId: auth.companyId,
              userIds,
              kind: 'shipment-milestone',
              title: `${shipment.number}: ${MILESTONE_WORDS[event.code]}`,
              body: [
                MILESTONE_WORDS[event.code],
                event.location,
                event.containerNumber,
                event.at.slice(0, 16).replace('T', ' ') + ' UTC',
              ]
                .filter(Boolean)
                .join(' · '),
              link: `/shipments/${id}`,
              createdBy: auth.userId,
            });
        }
        // A new estimate or an arrival can make it late or at risk now, not at the timer's next sweep.
        await notifyAttention(tx, deps.now(), id);
        const data: ShipmentEventAdded = { ...event, shipmentStatus: facts.status };
        return { data };
      });
      if (alreadyStored) void reply.code(200);
      return answer;
    },
  );
}
