/**
 * shipmentserver (docs/shipments.md): `/shipments` on the kit (list, read, create, PATCH, delete of a
 * draft), the list with filters in a body (`POST /shipments/paginate`) and the dashboard's figures
 * (`GET /shipments/summary`), the office's day (`GET /shipments/attention`, `GET /shipments/movements`), the milestones (`/shipments/{id}/events`) and the documents (`/shipments/{id}/documents`).
 */
import type { z } from 'zod';
import {
  paginateShipmentsBody,
  shipmentSchema,
  shipmentSummaryQuery,
  shipmentSummarySchema,
  type SHIPMENT_SORT_FIELDS,
  type ShipmentSummary,
} from '../../../src/shared/contracts/shipments.ts';
import {
  attentionAnswer,
  attentionQuery,
  movementsQuery,
  movementsSchema,
} from '../../../src/shared/contracts/shipment-attention.ts';
import { OPEN_STATUSES } from '../../../src/shared/shipments/codes.ts';
import { authenticate } from '../../auth/authenticate.ts';
import type { ServiceModule } from '../../http/build-service-app.ts';
import { runRead } from '../../http/idempotency.ts';
import { itemResponse, type ListQuery } from '../../http/list-query.ts';
import { registerChildResource } from '../../http/child-resource.ts';
import { registerListResource, registerResource } from '../../http/resource-kit.ts';
import { requires } from '../../http/route-permission.ts';
import { shipmentMovements, shipmentsNeedingAttention } from './shipment-attention-repository.ts';
import { shipmentDocumentResource } from './shipment-documents.ts';
import { registerShipmentEventRoutes } from './shipment-events-routes.ts';
import { shipmentResource } from './shipment-resource.ts';
import { listShipments, shipmentSummary } from './shipment-repository.ts';

type SortField = (typeof SHIPMENT_SORT_FIELDS)[number];

export const shipmentsModule: ServiceModule = async (app, deps) => {
  await app.register(async (scope) => {
    scope.addHook('onRequest', authenticate(deps));

    registerListResource(scope, deps, {
      path: '/shipments/paginate',
      method: 'POST',
      permission: 'shipments',
      schemas: { item: shipmentSchema, listQuery: paginateShipmentsBody },
      defaultSort: { field: 'createdAt', descending: true },
      summary:
        'One page of shipments: a search over number, containers, bills, booking reference and customer; filters; sort',
      tag: 'shipments',
      read: (tx, query, body) => listShipments(tx, query as ListQuery<SortField>, body.filters),
    });

    scope.get(
      '/shipments/summary',
      {
        config: { permission: requires('shipments', 'read') },
        schema: {
          summary: 'Open shipments by status, and the departures and arrivals between two dates (the dashboard)',
          tags: ['shipments'],
          querystring: shipmentSummaryQuery,
          response: { 200: itemResponse(shipmentSummarySchema) },
        },
      },
      async (req) => {
        const range = req.query as z.output<typeof shipmentSummaryQuery>;
        const figures = await runRead(deps, req, {}, (tx) => shipmentSummary(tx, range));
        const data: ShipmentSummary = {
          open: Object.fromEntries(OPEN_STATUSES.map((s) => [s, figures.open[s] ?? 0])) as ShipmentSummary['open'],
          departures: figures.departures,
          arrivals: figures.arrivals,
        };
        return { data };
      },
    );

    scope.get(
      '/shipments/attention',
      {
        config: { permission: requires('shipments', 'read') },
        schema: {
          summary: 'The shipments that need attention: late, at risk (estimate over 24 h after plan), on hold',
          tags: ['shipments'],
          querystring: attentionQuery,
          response: { 200: attentionAnswer },
        },
      },
      async (req) => {
        const { limit } = req.query as z.output<typeof attentionQuery>;
        const { items, meta } = await runRead(deps, req, {}, (tx) => shipmentsNeedingAttention(tx, deps.now(), limit));
        return { data: items, meta };
      },
    );

    scope.get(
      '/shipments/movements',
      {
        config: { permission: requires('shipments', 'read') },
        schema: {
          summary: 'The arrivals and departures between two instants (actual, else estimated, else planned)',
          tags: ['shipments'],
          querystring: movementsQuery,
          response: { 200: itemResponse(movementsSchema) },
        },
      },
      async (req) => {
        const { from, to } = req.query as z.output<typeof movementsQuery>;
        const data = await runRead(deps, req, {}, (tx) => shipmentMovements(tx, from, to));
        return { data };
      },
    );

    registerResource(scope, deps, shipmentResource);
    registerShipmentEventRoutes(scope, deps);
    registerChildResource(scope, deps, shipmentDocumentResource);
  });
};
