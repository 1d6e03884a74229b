import { format, parseISO } from 'date-fns';
import type PdfDocument from 'pdfkit';
import { DATE_FORMAT } from '#shared/format';
import { METHOD_LABELS, TYPE_LABELS, type DonationMethod } from '#shared/giving';
import { zonedDate } from '#shared/time-zone';
import { formatMoney } from '#shared/format';
import { pdfText } from './statement-text';

/** Who issues the statement: the Organization settings, with the logo's bytes. */
export interface StatementIssuer {
  name: string;
  address: string;
  statementText: string;
  currency: string;
  /** PNG or JPEG (checked when uploaded), or null. */
  logo: Buffer | null;
}

export interface StatementGift {
  donationDate: Date;
  amount: string;
  donationType: string;
  method: string | null;
  reference: string | null;
}

export interface StatementContent {
  issuer: StatementIssuer;
  partner: { name: string; location: string | null };
  year: number;
  timeZone: string;
  gifts: readonly StatementGift[];
  /** The exact sum of the gifts ("1234.50"). */
  total: string;
}

const MARGIN = 54;
/** The table's columns: x positions and widths on a US Letter page (612 pt wide). */
const COLUMNS = [
  { title: 'Date', x: MARGIN, width: 80, align: 'left' },
  { title: 'Amount', x: MARGIN + 80, width: 100, align: 'right' },
  { title: 'Type', x: MARGIN + 200, width: 80, align: 'left' },
  { title: 'Method', x: MARGIN + 285, width: 95, align: 'left' },
  { title: 'Reference', x: MARGIN + 385, width: 119, align: 'left' },
] as const;

/**
 * pdfkit takes about 200 ms to load (its fonts' metrics), a tenth of a start-up: it is loaded
 * with the first statement drawn rather than each time the portal starts (docs/decisions/0150).
 */
let pdfkit: Promise<typeof PdfDocument> | undefined;
const loadPdfkit = () => (pdfkit ??= import('pdfkit').then((module) => module.default));

/**
 * Draws a year-end statement (issue 19 item 4) and answers the document: a stream of the PDF's
 * bytes, which ends once `end()` has been called here. Every text goes through pdfText (the
 * standard fonts' character set, decision 0112).
 */
export async function drawStatement(content: StatementContent): Promise<PDFKit.PDFDocument> {
  const { issuer, partner, year, timeZone, gifts, total } = content;
  const PDFDocument = await loadPdfkit();
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    info: { Title: pdfText(`Giving statement ${year}: ${partner.name}`), Author: pdfText(issuer.name) },
  });
  const width = doc.page.width - 2 * MARGIN;

  if (issuer.logo) {
    try {
      doc.image(issuer.logo, MARGIN, MARGIN, { fit: [140, 60] });
      doc.y = MARGIN + 70;
    } catch {
      // A logo the library cannot read (checked only by its first bytes) is left out, not fatal.
      doc.y = MARGIN;
    }
  }
  doc.font('Helvetica-Bold').fontSize(16).text(pdfText(issuer.name), MARGIN, doc.y, { width });
  doc.font('Helvetica').fontSize(10);
  if (issuer.address.trim()) doc.text(pdfText(issuer.address.trim()), { width });
  doc.moveDown(2);

  doc.font('Helvetica-Bold').fontSize(14).text(`Giving statement for ${year}`, { width });
  doc.moveDown(0.5);
  doc.font('Helvetica').fontSize(11).text(pdfText(partner.name), { width });
  if (partner.location?.trim()) doc.fontSize(10).text(pdfText(partner.location.trim()), { width });
  doc.moveDown(1);

  if (issuer.statementText.trim()) {
    // Paragraphs as the admin typed them: blank lines stay blank lines.
    doc.font('Helvetica').fontSize(10).text(pdfText(issuer.statementText.trim()), { width, paragraphGap: 2 });
    doc.moveDown(1);
  }

  if (gifts.length === 0) {
    doc.font('Helvetica-Oblique').fontSize(11).text(`No gifts were recorded for ${year}.`, { width });
    doc.end();
    return doc;
  }

  const bottom = doc.page.height - MARGIN;
  const row = (cells: readonly string[], font: string) => {
    doc.font(font).fontSize(9);
    const heights = cells.map((cell, i) => doc.heightOfString(cell, { width: COLUMNS[i]!.width }));
    const height = Math.max(...heights) + 4;
    if (doc.y + height > bottom) {
      doc.addPage();
      if (font !== 'Helvetica-Bold') header();
      doc.font(font).fontSize(9);
    }
    const y = doc.y;
    cells.forEach((cell, i) => {
      const column = COLUMNS[i]!;
      doc.text(cell, column.x, y, { width: column.width, align: column.align });
    });
    doc.x = MARGIN;
    doc.y = y + height;
  };
  const header = () => {
    row(
      COLUMNS.map((c) => c.title),
      'Helvetica-Bold',
    );
    doc
      .moveTo(MARGIN, doc.y - 2)
      .lineTo(MARGIN + width, doc.y - 2)
      .stroke();
  };
  header();
  for (const gift of gifts) {
    row(
      [
        // The day in the ministry's zone, written as every screen of the portal writes it.
        format(parseISO(zonedDate(gift.donationDate, timeZone)), DATE_FORMAT),
        formatMoney(gift.amount, issuer.currency),
        TYPE_LABELS[gift.donationType as keyof typeof TYPE_LABELS] ?? pdfText(gift.donationType),
        gift.method ? (METHOD_LABELS[gift.method as DonationMethod] ?? '') : '',
        pdfText(gift.reference ?? ''),
      ],
      'Helvetica',
    );
  }
  doc.moveDown(0.5);
  const count = gifts.length === 1 ? '1 gift' : `${gifts.length} gifts`;
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(`Total for ${year} (${count}): ${formatMoney(total, issuer.currency)}`, MARGIN, doc.y, { width });
  doc.end();
  return doc;
}

/** The whole document in memory: one statement is a few kilobytes plus the logo. */
export async function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of doc) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
