/**
 * The documents a shipment produces (CONTRACT.md section 14, issue 25 items 4 and 6), on shipmentserver:
 * - `GET /shipments/{id}/house-bill.pdf`: the draft house bill of lading (sea) or house air waybill (air);
 * - `GET /shipments/{id}/arrival-notice.pdf`: the arrival notice as a PDF;
 * - `POST /shipments/{id}/arrival-notice`: the arrival notice e-mailed to the consignee and the notify party
 *   (their contacts' e-mail addresses) from the company's default `arrival-notice` template, and logged on
 *   the shipment's history.
 * A shipment that lacks what the document needs answers `409 NOT_READY`, one detail per missing field
 * (`src/shared/shipments/paperwork-readiness.ts`).
 */
import { z } from 'zod';

/** The error codes of these calls (api-envelope.ts's `ErrorCode` includes them). */
export const PAPERWORK_ERROR_CODES = {
  /** The shipment lacks what the document needs; `details` names each missing field. */
  NOT_READY: 'NOT_READY',
} as const;

/** The longest free text an arrival notice carries (the template's `{{freeText}}`). */
export const ARRIVAL_NOTICE_FREE_TEXT_MAX = 2000;

export const sendArrivalNoticeBody = z
  .strictObject({
    /** A sentence of the sender's own: where to collect, what to prepare, whom to call. */
    freeText: z.string().trim().max(ARRIVAL_NOTICE_FREE_TEXT_MAX).default(''),
  })
  .default({ freeText: '' });
export type SendArrivalNoticeInput = z.input<typeof sendArrivalNoticeBody>;

export const arrivalNoticeSentSchema = z.object({
  /** The queued message (mailserver's outbox). */
  _id: z.string(),
  /** Whom it went to: the consignee's and the notify party's addresses, each once. */
  to: z.array(z.string()),
  subject: z.string(),
});
export type ArrivalNoticeSent = z.infer<typeof arrivalNoticeSentSchema>;
