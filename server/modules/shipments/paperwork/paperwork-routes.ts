/**
 * The documents a shipment produces (docs/shipments.md):
 * - `GET /shipments/{id}/house-bill.pdf`: the draft house bill of lading (sea) or house air waybill (air);
 * - `GET /shipments/{id}/arrival-notice.pdf` (`?freeText=`): the arrival notice;
 * - `POST /shipments/{id}/arrival-notice` `{ freeText }`: the arrival notice e-mailed to the consignee and the
 *   notify party from the company's default `arrival-notice` template, queued in the mail outbox (the
 *   mailserver delivers it) and logged on the shipment's history in the same transaction.
 * A shipment that lacks what the document needs answers `409 NOT_READY`, one detail per missing field.
 * The PDFs are drawn after the read's transaction has ended, so no connection waits on the drawing.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ARRIVAL_NOTICE_FREE_TEXT_MAX,
  arrivalNoticeSentSchema,
  PAPERWORK_ERROR_CODES,
  sendArrivalNoticeBody,
  type ArrivalNoticeSent,
} from '../../../../src/shared/contracts/shipment-paperwork.ts';
import type { Shipment } from '../../../../src/shared/contracts/shipments.ts';
import { isSeaMode } from '../../../../src/shared/shipments/codes.ts';
import {
  arrivalNoticeGaps,
  houseBillGaps,
  type PaperworkGap,
} from '../../../../src/shared/shipments/paperwork-readiness.ts';
import type { Queryable } from '../../../db/database.ts';
import { ApiError, notFound } from '../../../http/api-error.ts';
import { auditChange } from '../../../http/audit-change.ts';
import { assertSubscriptionActive, requireAuthContext } from '../../../http/auth-context.ts';
import type { ServiceDeps } from '../../../http/build-service-app.ts';
import { runRead, runWrite } from '../../../http/idempotency.ts';
import { idParams, itemResponse } from '../../../http/list-query.ts';
import { requires } from '../../../http/route-permission.ts';
import { enqueueMail } from '../../mail/outbox-repository.ts';
import { attachGeneratedFile, findSenderName } from '../../mail/send-mail-repository.ts';
import { renderProductMail } from '../../mail/templates/product-mail.ts';
import { renderTemplate, type MergeValues } from '../../mail/templates/template-render.ts';
import { shipmentRepository } from '../shipment-repository.ts';
import { companyLetterhead, placeNames, printedParties } from './paperwork-repository.ts';
import { arrivalNoticePdf, houseBillPdf, type PaperworkContext } from './paperwork-pdfs.ts';

const notReady = (document: string, gaps: PaperworkGap[]) =>
  new ApiError(
    409,
    PAPERWORK_ERROR_CODES.NOT_READY,
    `The ${document} cannot be drawn yet: ${gaps.map((g) => g.path).join(', ')} ${gaps.length === 1 ? 'is' : 'are'} missing`,
    { details: gaps },
  );

/** The shipment and what its documents print, read in one transaction; 409 when `gapsOf` finds gaps. */
async function readPaperwork(
  tx: Queryable,
  companyId: string,
  id: string,
  now: Date,
  document: string,
  gapsOf: (s: Shipment) => PaperworkGap[],
): Promise<PaperworkContext> {
  const shipment = await shipmentRepository.find(tx, id);
  if (!shipment) throw notFound('Shipment');
  const gaps = gapsOf(shipment);
  if (gaps.length > 0) throw notReady(document, gaps);
  const [parties, places, letterhead] = [
    await printedParties(tx, [shipment.shipperId, shipment.consigneeId, shipment.notifyPartyId, shipment.agentId]),
    await placeNames(tx, [shipment.origin, shipment.destination, shipment.placeOfReceipt, shipment.placeOfDelivery]),
    await companyLetterhead(tx, companyId),
  ];
  if (!letterhead) throw notFound('Company');
  return { shipment, parties, places, letterhead, now };
}

/** A file name that says what and which (`house-bill-MAEU123-SEA-2026-00017.pdf`), ASCII only. */
const attachmentName = (what: string, s: Shipment, reference: string) =>
  `${[what, reference, s.number]
    .filter(Boolean)
    .join('-')
    .replace(/[^A-Za-z0-9._-]+/g, '-')}.pdf`;

/** `Content-Disposition: attachment` with that name. */
const attachment = (what: string, s: Shipment, reference: string) =>
  `attachment; filename="${attachmentName(what, s, reference)}"`;

/** The arrival notice's merge values (`arrival-notice` fields of src/shared/contracts/mail-templates.ts). */
export function arrivalNoticeValues(
  ctx: PaperworkContext,
  extra: { freeText: string; senderName: string },
): MergeValues {
  const s = ctx.shipment;
  const where = s.placeOfDelivery ?? s.destination;
  const placeName = where ? ctx.places.get(where) : undefined;
  return {
    shipmentNumber: s.number,
    transport: isSeaMode(s.mode)
      ? [s.vesselName, s.voyage && `voyage ${s.voyage}`].filter(Boolean).join(', ')
      : `flight ${s.flightNumber}`,
    eta: s.eta ?? '',
    containerNumbers: s.containers.map((c) => c.number).join(', ') || '—',
    placeOfDelivery: where ? (placeName ? `${placeName} (${where})` : where) : '',
    freeText: extra.freeText,
    senderName: extra.senderName,
    companyName: ctx.letterhead.name,
  };
}

/** The built-in wording, for a company whose default template is missing or refused (product-mail.ts). */
const BUILT_IN_ARRIVAL_NOTICE = {
  subject: 'Arrival notice {{shipmentNumber}}: {{transport}}, ETA {{eta}}',
  body:
    '<p>Hello,</p><p>Shipment <strong>{{shipmentNumber}}</strong> ({{transport}}) is expected to arrive on ' +
    '<strong>{{eta}}</strong>.</p><p>Containers: {{containerNumbers}}<br>Place of delivery: {{placeOfDelivery}}</p>' +
    '<p>{{freeText}}</p><p>Please arrange customs clearance and collection in good time.</p>' +
    '<p>Kind regards,<br>{{senderName}}<br>{{companyName}}</p>',
};

const pdfQuery = z.strictObject({ freeText: z.string().trim().max(ARRIVAL_NOTICE_FREE_TEXT_MAX).optional() });

export function registerPaperworkRoutes(scope: FastifyInstance, deps: ServiceDeps): void {
  scope.get(
    '/shipments/:id/house-bill.pdf',
    {
      config: { permission: requires('shipments', 'read') },
      schema: {
        summary:
          'The draft house bill of lading (sea) or house air waybill (air) as a PDF; 409 NOT_READY names each missing field',
        tags: ['shipments'],
        params: idParams,
      },
    },
    async (req, reply) => {
      const { id } = req.params as { id: string };
      const ctx = await runRead(deps, req, {}, (tx, auth) =>
        readPaperwork(tx, auth.companyId, id, deps.now(), 'house bill', houseBillGaps),
      );
      const pdf = await houseBillPdf(ctx);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachment('house-bill', ctx.shipment, ctx.shipment.houseBillNumber))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(pdf);
    },
  );

  scope.get(
    '/shipments/:id/arrival-notice.pdf',
    {
      config: { permission: requires('shipments', 'read') },
      schema: {
        summary: 'The arrival notice as a PDF (with the free text given); 409 NOT_READY names each missing field',
        tags: ['shipments'],
        params: idParams,
        querystring: pdfQuery,
      },
    },
    async (req, reply) => {
      const { id } = req.params as { id: string };
      const { freeText } = req.query as z.output<typeof pdfQuery>;
      const ctx = await runRead(deps, req, {}, (tx, auth) =>
        readPaperwork(tx, auth.companyId, id, deps.now(), 'arrival notice', arrivalNoticeGaps),
      );
      const pdf = await arrivalNoticePdf(ctx, freeText ?? '');
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachment('arrival-notice', ctx.shipment, ''))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(pdf);
    },
  );

  scope.post(
    '/shipments/:id/arrival-notice',
    {
      config: { permission: [requires('shipments', 'update'), requires('mail', 'create')] },
      schema: {
        summary:
          'E-mail the arrival notice to the consignee and the notify party (the default arrival-notice template); logged on the shipment',
        tags: ['shipments'],
        params: idParams,
        body: sendArrivalNoticeBody,
        response: { 202: itemResponse(arrivalNoticeSentSchema) },
      },
    },
    async (req, reply) => {
      assertSubscriptionActive(requireAuthContext(req));
      const { id } = req.params as { id: string };
      const { freeText } = (req.body ?? { freeText: '' }) as z.output<typeof sendArrivalNoticeBody>;
      return runWrite(deps, req, reply, { status: 202 }, async (tx, auth) => {
        const ctx = await readPaperwork(tx, auth.companyId, id, deps.now(), 'arrival notice', arrivalNoticeGaps);
        const s = ctx.shipment;
        const seen = new Set<string>();
        const to: string[] = [];
        for (const partyId of [s.consigneeId, s.notifyPartyId]) {
          const email = (partyId && ctx.parties.get(partyId)?.email.trim()) || '';
          if (email && !seen.has(email.toLowerCase())) {
            seen.add(email.toLowerCase());
            to.push(email);
          }
        }
        if (to.length === 0)
          throw notReady('arrival notice', [
            { path: 'recipients', message: 'neither the consignee nor the notify party has an e-mail address' },
          ]);
        const senderName = (await findSenderName(tx, auth.userId)) ?? auth.email;
        const values = arrivalNoticeValues(ctx, { freeText, senderName });
        const mail = await renderProductMail(tx, auth.companyId, 'arrival-notice', values, () =>
          renderTemplate(BUILT_IN_ARRIVAL_NOTICE, values),
        );
        // The notice itself travels with the mail as a PDF (a human's one send, drawn in tens of milliseconds,
        // so inside the write: the mail and its attachment are queued together or not at all).
        const pdf = await arrivalNoticePdf(ctx, freeText);
        const mailId = await enqueueMail(tx, {
          companyId: auth.companyId,
          to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          kind: 'arrival_notice',
          listedForCompany: true,
          createdBy: auth.userId,
        });
        await attachGeneratedFile(
          tx,
          { outboxId: mailId, companyId: auth.companyId },
          { fileName: attachmentName('arrival-notice', s, ''), contentType: 'application/pdf', content: pdf },
        );
        await auditChange(tx, req, auth, {
          action: 'shipment.arrival_notice',
          entity: 'shipment',
          entityId: id,
          after: { number: s.number, to, subject: mail.subject },
          extra: { mailId },
        });
        const data: ArrivalNoticeSent = { _id: mailId, to, subject: mail.subject };
        return { data };
      });
    },
  );
}
