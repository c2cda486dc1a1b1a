/**
 * What the shipment's PDFs share, drawn with pdfkit (a maintained, pure-JavaScript PDF writer: its standard
 * fonts need no font files, and it writes the document as a stream) on A4: the letterhead with the company's
 * logo and address, the title with a QR code of the document's number (drawn as rectangles from qrcode's
 * module matrix, so it scans at any zoom), labelled boxes, tables that carry their header onto the next
 * page, and a footer with the page numbers.
 */
import PDFDocument from 'pdfkit';
import { create as createQrCode } from 'qrcode';
import type { Letterhead } from './paperwork-repository.ts';

export type Pdf = PDFKit.PDFDocument;

export const PAGE = { width: 595.28, height: 841.89, margin: 36 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** Where the footer starts: content stops above it. */
const FOOTER_TOP = PAGE.height - PAGE.margin - 22;
const INK = '#111827';
const MUTED = '#4b5563';
const RULE = '#9ca3af';
const SHADE = '#f3f4f6';

/** A new A4 document (compressed, with its title and author in the file's properties). */
export function newPdf(info: { title: string; author: string; subject: string }): Pdf {
  return new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    compress: true,
    info: { Title: info.title, Author: info.author, Subject: info.subject, Creator: 'Freight Desk' },
  });
}

/** Ends the document and answers its bytes. */
export function pdfBytes(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** The company's address as lines: street lines, then postcode and city, then state and country. */
export function addressLines(letterhead: Letterhead): string[] {
  const field = (name: string) => {
    const value = letterhead.address[name];
    return typeof value === 'string' ? value.trim() : '';
  };
  return [
    field('line1'),
    field('line2'),
    [field('postcode'), field('city')].filter(Boolean).join(' '),
    [field('state'), letterhead.country].filter(Boolean).join(', '),
    letterhead.phone ? `Tel. ${letterhead.phone}` : '',
  ].filter(Boolean);
}

/** pdfkit draws PNG and JPEG; a WebP logo is left out rather than failing the document. */
const DRAWABLE_LOGO = new Set(['image/png', 'image/jpeg']);

/** A QR code of `text`, `size` points square with its quiet zone, its top left at (x, y). */
export function drawQrCode(doc: Pdf, text: string, x: number, y: number, size: number): void {
  const matrix = createQrCode(text, { errorCorrectionLevel: 'M' }).modules;
  const quiet = 4;
  const cell = size / (matrix.size + 2 * quiet);
  doc.save().fillColor('#000000');
  for (let row = 0; row < matrix.size; row += 1) {
    // One rectangle per run of dark modules in the row: fewer operators, the same picture.
    let start = -1;
    for (let col = 0; col <= matrix.size; col += 1) {
      const dark = col < matrix.size && matrix.get(row, col) === 1;
      if (dark && start < 0) start = col;
      if (!dark && start >= 0) {
        doc.rect(x + (quiet + start) * cell, y + (quiet + row) * cell, (col - start) * cell, cell);
        start = -1;
      }
    }
  }
  doc.fill().restore();
}

/**
 * The head of the first page: the logo (if the company has a drawable one) and the company's name and
 * address on the left; the document's title, its number and the QR code of the number on the right.
 * Answers where the content starts.
 */
export function drawLetterhead(
  doc: Pdf,
  letterhead: Letterhead,
  heading: { title: string; numberLabel: string; number: string; qr: string | null },
): number {
  const top = PAGE.margin;
  let left = PAGE.margin;
  if (letterhead.logo && DRAWABLE_LOGO.has(letterhead.logo.contentType)) {
    try {
      doc.image(letterhead.logo.content, left, top, { fit: [90, 54] });
      left += 100;
    } catch {
      // A damaged image: the document goes out without it.
    }
  }
  const companyWidth = 260 - (left - PAGE.margin);
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(12).text(letterhead.name, left, top, { width: companyWidth });
  doc.font('Helvetica').fontSize(8).fillColor(MUTED);
  for (const line of addressLines(letterhead)) doc.text(line, left, doc.y, { width: companyWidth });
  const companyBottom = doc.y;

  const qrSize = 78;
  const qrLeft = PAGE.width - PAGE.margin - qrSize;
  if (heading.qr) drawQrCode(doc, heading.qr, qrLeft, top - 4, qrSize);
  const titleLeft = PAGE.margin + 270;
  const titleWidth = qrLeft - titleLeft - 6;
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(13).text(heading.title, titleLeft, top, { width: titleWidth });
  doc
    .font('Helvetica')
    .fontSize(7)
    .fillColor(MUTED)
    .text(heading.numberLabel.toUpperCase(), titleLeft, doc.y + 4);
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .fillColor(INK)
    .text(heading.number, titleLeft, doc.y + 1, { width: titleWidth });
  const bottom = Math.max(companyBottom, doc.y, top + qrSize) + 10;
  doc
    .moveTo(PAGE.margin, bottom)
    .lineTo(PAGE.width - PAGE.margin, bottom)
    .lineWidth(1)
    .strokeColor(INK)
    .stroke();
  return bottom + 8;
}

export interface Box {
  label: string;
  lines: string[];
  /** Share of the row's width (the boxes of a row share it equally by default). */
  weight?: number;
}

/** A row of labelled boxes, all as tall as the tallest; answers the y below it. */
export function drawBoxRow(doc: Pdf, y: number, boxes: Box[]): number {
  const total = boxes.reduce((sum, b) => sum + (b.weight ?? 1), 0);
  const pad = 4;
  const widths = boxes.map((b) => (CONTENT_WIDTH * (b.weight ?? 1)) / total);
  const heights = boxes.map((b, i) => {
    doc.font('Helvetica').fontSize(9);
    const text = b.lines.filter(Boolean).join('\n') || ' ';
    return 10 + doc.heightOfString(text, { width: widths[i]! - 2 * pad }) + 2 * pad;
  });
  const height = Math.max(...heights);
  const top = ensureSpace(doc, y, height);
  let x = PAGE.margin;
  boxes.forEach((b, i) => {
    const width = widths[i]!;
    doc.rect(x, top, width, height).lineWidth(0.5).strokeColor(RULE).stroke();
    doc
      .font('Helvetica')
      .fontSize(6.5)
      .fillColor(MUTED)
      .text(b.label.toUpperCase(), x + pad, top + pad, {
        width: width - 2 * pad,
        lineBreak: false,
      });
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(INK)
      .text(b.lines.filter(Boolean).join('\n') || '—', x + pad, top + pad + 10, { width: width - 2 * pad });
    x += width;
  });
  return top + height;
}

/** `y` if `height` fits above the footer, else the top of a new page. */
export function ensureSpace(doc: Pdf, y: number, height: number): number {
  if (y + height <= FOOTER_TOP) return y;
  doc.addPage();
  return PAGE.margin;
}

export interface Column {
  header: string;
  /** Share of the table's width. */
  weight: number;
  align?: 'left' | 'right';
}

/** A section title above a table or a row of boxes. */
export function drawSectionTitle(doc: Pdf, y: number, title: string): number {
  const top = ensureSpace(doc, y + 6, 40);
  doc.font('Helvetica-Bold').fontSize(9).fillColor(INK).text(title, PAGE.margin, top, { width: CONTENT_WIDTH });
  return doc.y + 3;
}

/**
 * A table: a shaded header row, then each row as tall as its tallest cell; a row that does not fit opens a
 * new page, which repeats the header. Answers the y below the last row.
 */
export function drawTable(
  doc: Pdf,
  y: number,
  columns: Column[],
  rows: string[][],
  options: { bold?: number[] } = {},
): number {
  const pad = 3;
  const total = columns.reduce((sum, c) => sum + c.weight, 0);
  const widths = columns.map((c) => (CONTENT_WIDTH * c.weight) / total);
  const drawRow = (top: number, cells: string[], header: boolean, height: number, bold = header) => {
    if (header) doc.rect(PAGE.margin, top, CONTENT_WIDTH, height).fill(SHADE);
    let x = PAGE.margin;
    cells.forEach((cell, i) => {
      const width = widths[i]!;
      doc
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(header ? 7 : 8.5)
        .fillColor(header ? MUTED : INK)
        .text(cell, x + pad, top + pad, { width: width - 2 * pad, align: columns[i]!.align ?? 'left' });
      x += width;
    });
    doc
      .moveTo(PAGE.margin, top + height)
      .lineTo(PAGE.margin + CONTENT_WIDTH, top + height)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  };
  const heightOf = (cells: string[], header: boolean) => {
    doc.font(header ? 'Helvetica-Bold' : 'Helvetica').fontSize(header ? 7 : 8.5);
    return (
      Math.max(...cells.map((cell, i) => doc.heightOfString(cell || ' ', { width: widths[i]! - 2 * pad }))) + 2 * pad
    );
  };
  const headerCells = columns.map((c) => c.header.toUpperCase());
  const headerHeight = heightOf(headerCells, true);
  let top = ensureSpace(doc, y, headerHeight + 20);
  drawRow(top, headerCells, true, headerHeight);
  top += headerHeight;
  rows.forEach((cells, index) => {
    const height = heightOf(cells, false);
    if (top + height > FOOTER_TOP) {
      doc.addPage();
      top = PAGE.margin;
      drawRow(top, headerCells, true, headerHeight);
      top += headerHeight;
    }
    drawRow(top, cells, false, height, options.bold?.includes(index) ?? false);
    top += height;
  });
  return top;
}

/** A paragraph of running text; answers the y below it. */
export function drawParagraph(
  doc: Pdf,
  y: number,
  text: string,
  options: { size?: number; muted?: boolean } = {},
): number {
  doc.font('Helvetica').fontSize(options.size ?? 9);
  const height = doc.heightOfString(text, { width: CONTENT_WIDTH });
  const top = ensureSpace(doc, y, height);
  doc.fillColor(options.muted ? MUTED : INK).text(text, PAGE.margin, top, { width: CONTENT_WIDTH });
  return doc.y + 4;
}

/** The footer of every page: what the document is on the left, "Page n of m" on the right. */
export function drawFooters(doc: Pdf, left: string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    // Below the bottom margin pdfkit would open a new page for the text: the footer lifts it for a moment.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = PAGE.height - PAGE.margin - 8;
    doc.font('Helvetica').fontSize(7).fillColor(MUTED);
    doc.text(left, PAGE.margin, y, { width: CONTENT_WIDTH / 2, lineBreak: false, height: 10 });
    doc.text(`Page ${i - range.start + 1} of ${range.count}`, PAGE.margin + CONTENT_WIDTH / 2, y, {
      width: CONTENT_WIDTH / 2,
      align: 'right',
      lineBreak: false,
      height: 10,
    });
    doc.page.margins.bottom = bottom;
  }
}
