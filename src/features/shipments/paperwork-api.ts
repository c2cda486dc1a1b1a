/**
 * The documents a shipment produces (CONTRACT.md section 14): the house bill and the arrival notice as
 * PDFs, downloaded with the user's credentials, and the arrival notice e-mailed to the consignee and the
 * notify party. Online only: a document drawn from what the server holds cannot be drawn offline, and a
 * mail sent later than the user thinks is worse than one refused now.
 */
import { ApiError } from '../../lib/api/api-error';
import { apiBase, apiCall, authorizedFetch, NETWORK_ERROR_CODE, toApiError } from '../../lib/api/api-client';
import {
  arrivalNoticeSentSchema,
  PAPERWORK_ERROR_CODES,
  type ArrivalNoticeSent,
  type SendArrivalNoticeInput,
} from '../../shared/contracts/shipment-paperwork';
import { PAPERWORK_FIELDS, type PaperworkField } from '../../shared/shipments/paperwork-readiness';

export type PaperworkDocument = 'house-bill' | 'arrival-notice';

const pdfPath = (shipmentId: string, kind: PaperworkDocument, freeText?: string) =>
  `/shipments/${encodeURIComponent(shipmentId)}/${kind}.pdf${freeText ? `?freeText=${encodeURIComponent(freeText)}` : ''}`;

/** The name the service gives the file (`attachment; filename="house-bill-….pdf"`: ASCII, no folders). */
const fileNameOf = (header: string | null) => /filename="([A-Za-z0-9._-]+)"/.exec(header ?? '')?.[1];

/**
 * Downloads the document as a PDF and hands it to the browser under the name the answer gives. Resolves
 * with that name; throws `ApiError` (`NOT_READY` with the missing fields in `details`, status 0 offline).
 */
export async function downloadPaperwork(
  shipmentId: string,
  kind: PaperworkDocument,
  options: { freeText?: string; fallbackName: string },
): Promise<string> {
  let response: Response;
  try {
    response = await authorizedFetch(`${apiBase('shipmentserver')}${pdfPath(shipmentId, kind, options.freeText)}`);
  } catch (error) {
    throw new ApiError(0, NETWORK_ERROR_CODE, error instanceof Error ? error.message : 'Network request failed');
  }
  if (!response.ok) throw await toApiError(response);
  const blob = await response.blob();
  const name = fileNameOf(response.headers.get('Content-Disposition')) ?? options.fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

/** E-mails the arrival notice; answers whom it went to. */
export function sendArrivalNotice(shipmentId: string, body: SendArrivalNoticeInput): Promise<ArrivalNoticeSent> {
  return apiCall(
    'shipmentserver',
    `/shipments/${encodeURIComponent(shipmentId)}/arrival-notice`,
    arrivalNoticeSentSchema,
    {
      method: 'POST',
      body: JSON.stringify(body),
    },
  );
}

/** The fields a `409 NOT_READY` names, in the order the server gave them; anything else is not one. */
export function missingFields(error: unknown): PaperworkField[] | null {
  if (!(error instanceof ApiError) || error.code !== PAPERWORK_ERROR_CODES.NOT_READY || !Array.isArray(error.details))
    return null;
  const known = new Set<string>(PAPERWORK_FIELDS);
  return (error.details as Array<{ path?: unknown }>)
    .map((d) => String(d.path ?? ''))
    .filter((path): path is PaperworkField => known.has(path));
}
