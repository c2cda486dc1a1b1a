/**
 * The PDFs a shipment produces (docs/shipments.md): the draft house bill of lading (sea) or house air
 * waybill (air), and the arrival notice. In English, the language of the trade's documents. What they
 * print is read first (`paperwork-repository.ts`); these functions only draw.
 */
import type { Shipment } from '../../../../src/shared/contracts/shipments.ts';
import { isSeaMode } from '../../../../src/shared/shipments/codes.ts';
import { SHIPMENT_MODE_WORDS } from '../../../../src/shared/shipments/words.ts';
import type { Letterhead, PrintedParty } from './paperwork-repository.ts';
import {
  drawBoxRow,
  drawFooters,
  drawLetterhead,
  drawParagraph,
  drawSectionTitle,
  drawTable,
  newPdf,
  pdfBytes,
  type Pdf,
} from './pdf-page.ts';

/** What a document of the shipment prints besides the shipment itself. */
export interface PaperworkContext {
  shipment: Shipment;
  parties: Map<string, PrintedParty>;
  places: Map<string, string>;
  letterhead: Letterhead;
  /** When it is drawn (printed in the footer, in UTC). */
  now: Date;
}

const number = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const kg = (value: number | null) => (value === null ? '' : `${number(value, value % 1 === 0 ? 0 : 1)} kg`);
const m3 = (value: number) => `${number(value, 3)} m³`;

function partyLines(party: PrintedParty | undefined): string[] {
  if (!party) return [];
  return [
    party.name,
    party.address,
    [party.city, party.country].filter(Boolean).join(', '),
    [party.phone && `Tel. ${party.phone}`, party.email].filter(Boolean).join('  '),
  ].filter(Boolean);
}

const partyOf = (ctx: PaperworkContext, id: string | null) => (id ? ctx.parties.get(id) : undefined);

/** "Rotterdam (NLRTM)", or the code alone when the lists do not know it. */
function place(ctx: PaperworkContext, code: string | null): string {
  if (!code) return '';
  const name = ctx.places.get(code);
  return name ? `${name} (${code})` : code;
}

function transportLines(s: Shipment): { label: string; lines: string[] } {
  if (isSeaMode(s.mode))
    return {
      label: 'Vessel / voyage',
      lines: [
        [s.vesselName, s.voyage && `voyage ${s.voyage}`].filter(Boolean).join(', '),
        s.vesselImo && `IMO ${s.vesselImo}`,
      ],
    };
  return { label: 'Flight', lines: [s.flightNumber] };
}

const footerText = (title: string, ctx: PaperworkContext) =>
  `${title} ${ctx.shipment.number} · drawn ${ctx.now.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

function drawParties(doc: Pdf, y: number, ctx: PaperworkContext): number {
  const s = ctx.shipment;
  const notify = partyOf(ctx, s.notifyPartyId);
  y = drawBoxRow(doc, y, [
    { label: 'Shipper', lines: partyLines(partyOf(ctx, s.shipperId)) },
    { label: 'Consignee', lines: partyLines(partyOf(ctx, s.consigneeId)) },
  ]);
  return drawBoxRow(doc, y, [
    { label: 'Notify party', lines: notify ? partyLines(notify) : ['Same as consignee'] },
    {
      label: 'Forwarder',
      lines: [
        ctx.letterhead.name,
        ...(partyOf(ctx, s.agentId) ? [`Agent at destination: ${partyOf(ctx, s.agentId)!.name}`] : []),
      ],
    },
  ]);
}

function drawRoute(doc: Pdf, y: number, ctx: PaperworkContext): number {
  const s = ctx.shipment;
  const sea = isSeaMode(s.mode);
  y = drawBoxRow(doc, y, [
    { label: 'Place of receipt', lines: [place(ctx, s.placeOfReceipt)] },
    { label: sea ? 'Port of loading' : 'Airport of departure', lines: [place(ctx, s.origin)] },
    { label: sea ? 'Port of discharge' : 'Airport of destination', lines: [place(ctx, s.destination)] },
    { label: 'Place of delivery', lines: [place(ctx, s.placeOfDelivery)] },
  ]);
  const transport = transportLines(s);
  return drawBoxRow(doc, y, [
    { label: transport.label, lines: transport.lines, weight: 1.4 },
    { label: sea ? 'Master bill of lading' : 'Master air waybill', lines: [s.masterBillNumber] },
    { label: 'Booking reference', lines: [s.carrierBookingReference] },
    {
      label: 'Freight / terms',
      lines: [
        s.freightPayment ? `Freight ${s.freightPayment}` : '',
        s.incoterm ? `${s.incoterm} ${s.incotermPlace}`.trim() : '',
      ],
    },
    { label: 'Departure / arrival', lines: [s.etd ? `ETD ${s.etd}` : '', s.eta ? `ETA ${s.eta}` : ''] },
  ]);
}

function drawContainers(doc: Pdf, y: number, s: Shipment): number {
  if (s.containers.length === 0) return y;
  y = drawSectionTitle(doc, y, `Containers (${s.containers.length})`);
  return drawTable(
    doc,
    y,
    [
      { header: 'Container number', weight: 2 },
      { header: 'Size / type', weight: 1 },
      { header: 'Seals', weight: 3 },
      { header: 'Gross weight', weight: 1.3, align: 'right' },
    ],
    s.containers.map((c) => [c.number, c.sizeType, c.seals.join(', '), kg(c.grossWeightKg)]),
  );
}

function drawCargo(doc: Pdf, y: number, s: Shipment): number {
  y = drawSectionTitle(doc, y, 'Particulars furnished by the shipper');
  const rows = s.cargo.map((line) => [
    // The marks and numbers: the container the line is stuffed in, else none ("N/M").
    line.containerNumber ?? 'N/M',
    `${number(line.packages)} ${line.packageType}`,
    [
      line.description,
      line.hsCode ? `HS ${line.hsCode}` : '',
      line.dangerousGoods
        ? `Dangerous goods: UN ${line.dangerousGoods.unNumber}, class ${line.dangerousGoods.class}, packing group ${line.dangerousGoods.packingGroup}`
        : '',
    ]
      .filter(Boolean)
      .join('\n'),
    kg(line.grossWeightKg),
    m3(line.volumeM3),
  ]);
  const totals = [
    'Total',
    number(s.totals.packages),
    s.mode === 'air' && s.totals.chargeableWeightKg !== null
      ? `Chargeable weight ${kg(s.totals.chargeableWeightKg)}`
      : '',
    kg(s.totals.grossWeightKg),
    m3(s.totals.volumeM3),
  ];
  return drawTable(
    doc,
    y,
    [
      { header: 'Marks and numbers', weight: 1.6 },
      { header: 'Packages', weight: 1 },
      { header: 'Description of goods', weight: 3.4 },
      { header: 'Gross weight', weight: 1.1, align: 'right' },
      { header: 'Volume', weight: 1, align: 'right' },
    ],
    [...rows, totals],
    { bold: [rows.length] },
  );
}

/** The draft house bill of lading (sea) or house air waybill (air). */
export async function houseBillPdf(ctx: PaperworkContext): Promise<Buffer> {
  const s = ctx.shipment;
  const sea = isSeaMode(s.mode);
  const title = sea ? 'Draft house bill of lading' : 'Draft house air waybill';
  const doc = newPdf({ title: `${title} ${s.houseBillNumber}`, author: ctx.letterhead.name, subject: s.number });
  let y = drawLetterhead(doc, ctx.letterhead, {
    title,
    numberLabel: sea ? 'House B/L number' : 'House AWB number',
    number: s.houseBillNumber,
    qr: s.houseBillNumber,
  });
  y = drawParagraph(
    doc,
    y,
    `Shipment ${s.number} · ${SHIPMENT_MODE_WORDS[s.mode]} · not negotiable: a draft for checking`,
    {
      size: 8,
      muted: true,
    },
  );
  y = drawParties(doc, y, ctx);
  y = drawRoute(doc, y, ctx);
  y = drawContainers(doc, y, s);
  y = drawCargo(doc, y, s);
  drawParagraph(
    doc,
    y + 8,
    'Received in apparent good order and condition, unless otherwise noted, the goods described above for carriage ' +
      'from the place of receipt or port of loading to the port of discharge or place of delivery. This draft is ' +
      'issued for checking; the original is issued once the particulars are confirmed.',
    { size: 7.5, muted: true },
  );
  drawFooters(doc, footerText(title, ctx));
  return pdfBytes(doc);
}

/** The arrival notice: what arrives, where, when and on what, for the consignee and the notify party. */
export async function arrivalNoticePdf(ctx: PaperworkContext, freeText: string): Promise<Buffer> {
  const s = ctx.shipment;
  const title = 'Arrival notice';
  const doc = newPdf({ title: `${title} ${s.number}`, author: ctx.letterhead.name, subject: s.number });
  let y = drawLetterhead(doc, ctx.letterhead, {
    title,
    numberLabel: s.houseBillNumber ? (isSeaMode(s.mode) ? 'House B/L number' : 'House AWB number') : 'Shipment',
    number: s.houseBillNumber || s.number,
    qr: s.houseBillNumber || null,
  });
  y = drawParagraph(
    doc,
    y,
    `Shipment ${s.number} is expected at ${place(ctx, s.destination)} on ${s.eta ?? 'a date to be confirmed'}. ` +
      'Please arrange customs clearance and collection in good time.',
  );
  if (freeText) y = drawParagraph(doc, y, freeText);
  y = drawParties(doc, y + 4, ctx);
  y = drawRoute(doc, y, ctx);
  y = drawContainers(doc, y, s);
  if (s.cargo.length > 0) drawCargo(doc, y, s);
  drawFooters(doc, footerText(title, ctx));
  return pdfBytes(doc);
}
