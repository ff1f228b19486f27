import { createHash } from 'node:crypto';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { CmeCertificateInfo } from '#libs/contracts/cme.js';

const credits = (n: number): string => n.toFixed(1);

/** What a certificate prints: the issue's answer less what only exists once the bytes do. */
export type CertificatePrint = Omit<CmeCertificateInfo, 'PDFSHA256'>;

/** SHA-256 (hex) of a file's bytes: what CmeCertificateIssued records and verification compares. */
export const sha256OfBytes = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** The QR code of the verification address (PNG): a phone's camera opens the verify page. */
export function verifyQrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 6 });
}

/**
 * The CME certificate as a PDF (pdfkit, its built-in Helvetica): the physician's name, the year, each
 * activity with its completion date, credits and safety credits, the totals, the certificate number,
 * the verification address and its QR code. Rendered once, when the certificate is issued: its bytes
 * are kept and their SHA-256 recorded. The document's dates are the issue time, so the same print
 * gives the same bytes. Text streams are left uncompressed so the text can be checked in the bytes.
 */
export async function renderCertificatePdf(info: CertificatePrint): Promise<Buffer> {
  const issuedAt = new Date(info.ISSUED_AT);
  const qr = await verifyQrPng(info.VERIFYURL);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 56,
    compress: false,
    info: {
      Title: `CME Certificate ${info.YEAR}`,
      Subject: `Certificate ${info.NUMBER}`,
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

  doc.font('Helvetica-Bold').fontSize(22).text('Certificate of CME Credit', { align: 'center' });
  doc.moveDown(0.5).font('Helvetica').fontSize(12).text('This certifies that', { align: 'center' });
  doc.moveDown(0.5).font('Helvetica-Bold').fontSize(18).text(info.NAME, { align: 'center' });
  doc
    .moveDown(0.5)
    .font('Helvetica')
    .fontSize(12)
    .text(`completed the following continuing medical education activities in ${info.YEAR}:`, { align: 'center' });
  doc.moveDown(1);

  const left = doc.page.margins.left;
  const row = (name: string, date: string, total: string, safety: string, bold = false): void => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    doc.text(name, left, y, { width: 280 });
    const bottom = doc.y;
    doc.text(date, left + 290, y, { width: 70 });
    doc.text(total, left + 370, y, { width: 50, align: 'right' });
    doc.text(safety, left + 430, y, { width: 70, align: 'right' });
    doc.x = left;
    doc.y = Math.max(bottom, doc.y) + 4;
  };
  row('Activity', 'Completed', 'Credits', 'Safety credits', true);
  for (const a of info.ACTIVITIES) {
    row(a.NAME, a.created_at.slice(0, 10), credits(a.TOTAL), credits(a.SAFETYCREDITS));
  }
  doc.moveDown(0.5);
  row(`Total credits ${info.YEAR}`, '', credits(info.TOTALCREDIT), credits(info.SAFETYTOTAL), true);

  doc.moveDown(1.5).font('Helvetica').fontSize(11);
  doc.text(
    `Total: ${credits(info.TOTALCREDIT)} CME credits (${credits(info.SAFETYTOTAL)} patient safety credits)`,
    left,
  );
  doc.moveDown(0.5).text(`Certificate number: ${info.NUMBER}`);
  doc.text(`Issued: ${info.ISSUED_AT.slice(0, 10)}`);
  if (info.SUPERSEDES) doc.text(`This certificate replaces certificate ${info.SUPERSEDES}.`);

  // The QR code and the address it holds, kept together on one page.
  const size = 120;
  if (doc.y + size + 40 > doc.page.height - doc.page.margins.bottom) doc.addPage();
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
