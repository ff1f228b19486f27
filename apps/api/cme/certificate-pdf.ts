import { createHash } from 'node:crypto';
import QRCode from 'qrcode';
import { type CmeCertificateInfo, cmeCreditsText, cmeLicenceLine, countOf } from '#libs/contracts/cme.js';

/** What a certificate prints: the issue's answer less what only exists once the bytes do. */
export type CertificatePrint = Omit<CmeCertificateInfo, 'PDFSHA256'>;

/** SHA-256 (hex) of a file's bytes: what CmeCertificateIssued records and verification compares. */
export const sha256OfBytes = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** The QR code of the verification address (PNG): a phone's camera opens the verify page. */
export function verifyQrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 6 });
}

/** "Total: 6.5 CME credits (3 patient safety credits)." with the singular for one. */
export const totalLine = (total: number, safety: number): string =>
  `Total: ${cmeCreditsText(total)}${safety > 0 ? ` (${countOf(safety, 'patient safety credit', 'patient safety credits')})` : ''}.`;

/** The columns of the activities: title, completion date, the maximum designated, the credits claimed, safety. */
const COLUMNS = { date: 236, max: 300, claimed: 364, safety: 432 } as const;
const TITLE_WIDTH = 228;

/**
 * The CME certificate as a PDF (pdfkit, its built-in Helvetica), version 3: the accredited provider, the
 * physician's name and licence, each completed activity with its completion date, the most it is
 * designated for, the credits claimed, its safety credits and its credit designation statement, the
 * totals, the accreditation statement, the certificate number, the verification address and its QR
 * code. Rendered once, when the certificate is issued: its bytes are kept and their SHA-256 recorded,
 * so a certificate of an earlier version is never rendered again (verification compares the bytes it
 * kept). The document's dates are the issue time, so the same print gives the same bytes. Text streams
 * are left uncompressed so the text can be checked in the bytes. pdfkit is loaded on the first print,
 * not with the shop: it was a tenth of a second of every process start.
 */
export async function renderCertificatePdf(info: CertificatePrint): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const issuedAt = new Date(info.ISSUED_AT);
  const qr = await verifyQrPng(info.VERIFYURL);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 56,
    compress: false,
    info: {
      Title: `CME Certificate ${info.YEAR}`,
      Subject: `Certificate ${info.NUMBER}`,
      ...(info.PROVIDER ? { Author: info.PROVIDER } : {}),
      CreationDate: issuedAt,
      ModDate: issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  /** A block that does not fit the rest of the page starts the next one. */
  const keepTogether = (height: number): void => {
    if (doc.y + height > bottom()) doc.addPage();
  };

  doc.font('Helvetica-Bold').fontSize(22).text('Certificate of CME Credit', { align: 'center' });
  if (info.PROVIDER) doc.moveDown(0.3).fontSize(14).text(info.PROVIDER, { align: 'center' });
  doc.moveDown(0.7).font('Helvetica').fontSize(12).text('This certifies that', { align: 'center' });
  doc.moveDown(0.4).font('Helvetica-Bold').fontSize(18).text(info.NAME, { align: 'center' });
  const licence = cmeLicenceLine(info);
  if (licence) doc.moveDown(0.2).font('Helvetica').fontSize(10).text(licence, { align: 'center' });
  doc
    .moveDown(0.5)
    .font('Helvetica')
    .fontSize(12)
    .text(`completed these CME activities in ${info.YEAR} and claimed the credits shown:`, { align: 'center' });
  doc.moveDown(1);

  const cells = (title: string, date: string, max: string, claimed: string, safety: string, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    const top = doc.y;
    doc.text(title, left, top, { width: TITLE_WIDTH });
    const below = doc.y;
    doc.text(date, left + COLUMNS.date, top, { width: 60 });
    doc.text(max, left + COLUMNS.max, top, { width: 56, align: 'right' });
    doc.text(claimed, left + COLUMNS.claimed, top, { width: 60, align: 'right' });
    doc.text(safety, left + COLUMNS.safety, top, { width: width - COLUMNS.safety, align: 'right' });
    doc.x = left;
    doc.y = Math.max(below, doc.y) + 2;
  };
  const header = () => cells('Activity', 'Completed', 'Maximum', 'Claimed', 'Safety', true);
  header();
  for (const a of info.ACTIVITIES) {
    doc.font('Helvetica').fontSize(10);
    const titleHeight = doc.heightOfString(a.NAME, { width: TITLE_WIDTH });
    const designationHeight = a.DESIGNATION ? doc.fontSize(8).heightOfString(a.DESIGNATION, { width }) : 0;
    if (doc.y + titleHeight + designationHeight + 8 > bottom()) {
      doc.addPage();
      header();
    }
    const max = a.MAXCREDITS === null ? '' : String(a.MAXCREDITS);
    cells(a.NAME, a.created_at.slice(0, 10), max, String(a.TOTAL), String(a.SAFETYCREDITS));
    if (a.DESIGNATION) doc.font('Helvetica').fontSize(8).text(a.DESIGNATION, left, doc.y, { width });
    doc.moveDown(0.4);
  }
  keepTogether(40);
  cells(`Total credits ${info.YEAR}`, '', '', String(info.TOTALCREDIT), String(info.SAFETYTOTAL), true);

  doc.moveDown(1).font('Helvetica').fontSize(11).text(totalLine(info.TOTALCREDIT, info.SAFETYTOTAL), left);
  if (info.ACCREDITATION) {
    doc.fontSize(9);
    keepTogether(doc.heightOfString(info.ACCREDITATION, { width }) + 30);
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(11).text('Accreditation', left);
    doc.font('Helvetica').fontSize(9).text(info.ACCREDITATION, left, doc.y, { width });
  }
  doc.moveDown(0.8).fontSize(11);
  keepTogether(50);
  doc.text(`Certificate number: ${info.NUMBER}`, left);
  doc.text(`Issued: ${info.ISSUED_AT.slice(0, 10)}`);
  if (info.SUPERSEDES) doc.text(`This certificate replaces certificate ${info.SUPERSEDES}.`);

  // The QR code and the address it holds, kept together on one page.
  const size = 120;
  keepTogether(size + 40);
  doc.moveDown(1);
  const top = doc.y;
  doc.image(qr, left, top, { width: size, height: size });
  doc.text('Verify this certificate at:', left + size + 16, top + 24, { width: 340 });
  doc.text(info.VERIFYURL, { width: 340, link: info.VERIFYURL, underline: true });
  doc.moveDown(0.5).fontSize(9).text('Scan the code or open the address; the page can also check this file.', {
    width: 340,
  });
  doc.end();
  return done;
}
