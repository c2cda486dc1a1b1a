/**
 * shipmentserver (docs/shipments.md): `/shipments` on the kit (list, read, create, PATCH, delete of a
 * draft), the list with filters in a body (`POST /shipments/paginate`) and the dashboard's figures
 * (`GET /shipments/summary`), the office's day (`GET /shipments/attention`, `GET /shipments/movements`), the milestones (`/shipments/{id}/events`),
 * a job's money (`/shipments/{id}/charges`, `GET /shipments/{id}/profit`, `GET /shipments/closed-this-month`;
 * all need `shipments.charges`), the documents it produces (`paperwork/`: house bill and arrival notice), the documents that prove it (`/shipments/{id}/documents`) and the
 * timer that tells followers when a shipment becomes late or at risk.
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
import {
  closedThisMonthQuery,
  closedThisMonthSchema,
  shipmentProfitSchema,
  type ClosedThisMonth,
  type ShipmentProfit,
} from '../../../src/shared/contracts/shipment-charges.ts';
import { roundMoney } from '../../../src/shared/shipments/money.ts';
import { OPEN_STATUSES } from '../../../src/shared/shipments/codes.ts';
import { authenticate } from '../../auth/authenticate.ts';
import type { ServiceModule } from '../../http/build-service-app.ts';
import { runRead } from '../../http/idempotency.ts';
import { registerChildResource } from '../../http/child-resource.ts';
import { idParams, itemResponse, type ListQuery } from '../../http/list-query.ts';
import { registerListResource, registerResource } from '../../http/resource-kit.ts';
import { requires } from '../../http/route-permission.ts';
import { shipmentMovements, shipmentsNeedingAttention } from './shipment-attention-repository.ts';
import { closedJobsProfit, monthRange } from './shipment-charge-repository.ts';
import { shipmentChargeResource } from './shipment-charge-resource.ts';
import { shipmentDocumentResource } from './shipment-documents.ts';
import { registerShipmentEventRoutes } from './shipment-events-routes.ts';
import { shipmentProfit } from './shipment-money.ts';
import { ATTENTION_SWEEP_MS, sweepAttentionNotices } from './shipment-attention-notice.ts';
import { registerPaperworkRoutes } from './paperwork/paperwork-routes.ts';
import { shipmentResource } from './shipment-resource.ts';
import { listShipments, shipmentSummary } from './shipment-repository.ts';

type SortField = (typeof SHIPMENT_SORT_FIELDS)[number];

export interface ShipmentsModuleOptions {
  /** Run the late and at-risk sweep's timer; by default everywhere except `NODE_ENV=test` (tests call the sweep). */
  attentionTimer?: boolean;
}

export const createShipmentsModule =
  (options: ShipmentsModuleOptions = {}): ServiceModule =>
  async (app, deps) => {
    let timer: NodeJS.Timeout | undefined;
    const sweep = () => {
      sweepAttentionNotices(deps, deps.now()).catch((error: unknown) => {
        app.log.error({ err: error }, 'late and at-risk notices failed');
      });
    };
    app.addHook('onReady', async () => {
      if (!(options.attentionTimer ?? deps.config.nodeEnv !== 'test')) return;
      sweep();
      timer = setInterval(sweep, ATTENTION_SWEEP_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
    });
    await registerShipmentRoutes(app, deps);
  };

export const shipmentsModule = createShipmentsModule();

const registerShipmentRoutes: ServiceModule = async (app, deps) => {
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

    scope.get(
      '/shipments/closed-this-month',
      {
        config: { permission: requires('shipments', 'charges') },
        schema: {
          summary:
            "The jobs closed in a month (this month in the company's time zone by default) and their profit in the base currency (the dashboard)",
          tags: ['shipments'],
          querystring: closedThisMonthQuery,
          response: { 200: itemResponse(closedThisMonthSchema) },
        },
      },
      async (req) => {
        const { month } = req.query as z.output<typeof closedThisMonthQuery>;
        const data = await runRead(deps, req, {}, async (tx): Promise<ClosedThisMonth> => {
          const range = await monthRange(tx, month, deps.now());
          const figures = await closedJobsProfit(tx, range);
          return {
            month: range.month,
            closedJobs: figures.closedJobs,
            currency: figures.currency,
            profit: roundMoney(figures.profit, figures.currency),
          };
        });
        return { data };
      },
    );

    scope.get(
      '/shipments/:id/profit',
      {
        config: { permission: requires('shipments', 'charges') },
        schema: {
          summary:
            "A job's revenue, cost, profit and margin in the company's base currency, each line converted at the rate valid on the ETD (today without one); 409 NO_RATE names each currency without a rate",
          tags: ['shipments'],
          params: idParams,
          response: { 200: itemResponse(shipmentProfitSchema) },
        },
      },
      async (req) => {
        const { id } = req.params as { id: string };
        const { revenueLines: _lines, ...data }: ShipmentProfit & { revenueLines: number } = await runRead(
          deps,
          req,
          {},
          (tx) => shipmentProfit(tx, id, deps.now()),
        );
        return { data };
      },
    );

    registerResource(scope, deps, shipmentResource);
    registerChildResource(scope, deps, shipmentChargeResource);
    registerShipmentEventRoutes(scope, deps);
    registerPaperworkRoutes(scope, deps);
    registerChildResource(scope, deps, shipmentDocumentResource);
  });
};
