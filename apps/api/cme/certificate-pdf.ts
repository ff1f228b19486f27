import PDFDocument from 'pdfkit';
import type { CmeCertificateInfo } from '#libs/contracts/cme.js';

const credits = (n: number): string => n.toFixed(1);

/**
 * The yearly CME certificate as a PDF (pdfkit, its built-in Helvetica): the physician's name, the
 * year, each activity with its credits and safety credits, the total, the certificate number and the
 * verification address. Text streams are left uncompressed so the text can be checked in the bytes.
 */
export function renderCertificatePdf(info: CmeCertificateInfo): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 56,
    compress: false,
    info: { Title: `CME Certificate ${info.YEAR}`, Subject: `Certificate ${info.NUMBER}` },
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
  row('Activity', 'Date', 'Credits', 'Safety credits', true);
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
  doc.moveDown(0.5).text(`Verify this certificate at: ${info.VERIFYURL}`, { link: info.VERIFYURL, underline: true });
  doc.end();
  return done;
}
