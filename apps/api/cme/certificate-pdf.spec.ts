import { cmeLicenceLine } from '#libs/contracts/cme.js';
import { pdfTextOf } from '../../../test/support/pdf-text.js';
import { type CertificatePrint, renderCertificatePdf, sha256OfBytes, totalLine } from './certificate-pdf.js';

const DESIGNATION =
  'The Demo Accredited CME Provider designates this enduring material for a maximum of 2 AMA PRA Category 1 Credits™.';

const print: CertificatePrint = {
  NUMBER: '2026-04HM-ASW9-NF6Y-Y093',
  NAME: 'Morgan Credits',
  YEAR: 2026,
  TOTALCREDIT: 3.5,
  SAFETYTOTAL: 2,
  ACTIVITIES: [
    {
      NAME: 'Rhinoplasty',
      PRODUCTID: 251,
      TYPE: 'streaming',
      created_at: '2026-03-01T10:00:00.000Z',
      TOTAL: 2,
      SAFETYCREDITS: 2,
      MAXCREDITS: 2,
      DESIGNATION,
    },
    {
      NAME: 'Blepharoplasty',
      PRODUCTID: 160,
      TYPE: 'module',
      created_at: '2026-03-02T10:00:00.000Z',
      TOTAL: 1.5,
      SAFETYCREDITS: 0,
      MAXCREDITS: 2,
      DESIGNATION,
    },
  ],
  VERIFYURL: 'https://shop.test/verify/2026-04HM-ASW9-NF6Y-Y093',
  ISSUED_AT: '2026-05-01T10:00:00.000Z',
  SUPERSEDES: null,
  PROVIDER: 'Demo Accredited CME Provider',
  ACCREDITATION:
    'The Demo Accredited CME Provider is accredited by the Accreditation Council for Continuing Medical Education (ACCME) to provide continuing medical education for physicians.',
  LICENSESTATE: 'MO',
  LICENSENUMBER: '2004018352',
  BOARDID: 'ABS-118822',
};

const textOf = pdfTextOf;

describe('the certificate PDF', () => {
  it('is the same bytes for the same print (its dates are the issue time), and other bytes for another', async () => {
    const first = await renderCertificatePdf(print);
    expect(first.subarray(0, 5).toString()).toBe('%PDF-');
    expect(sha256OfBytes(await renderCertificatePdf(print))).toBe(sha256OfBytes(first));
    const later = await renderCertificatePdf({ ...print, ISSUED_AT: '2026-05-01T10:00:01.000Z' });
    expect(sha256OfBytes(later)).not.toBe(sha256OfBytes(first));
    const superseding = await renderCertificatePdf({ ...print, SUPERSEDES: '2026-0000-0000-0000-0000' });
    expect(sha256OfBytes(superseding)).not.toBe(sha256OfBytes(first));
  });

  it('states the provider, the licence, each activity with its date, maximum, credits claimed and designation, and the accreditation', async () => {
    const text = await textOf(await renderCertificatePdf(print));
    for (const expected of [
      'Certificate of CME Credit Demo Accredited CME Provider This certifies that Morgan Credits',
      'State medical license: MO 2004018352 · ABMS board ID: ABS-118822',
      'Activity Completed Maximum Claimed Safety',
      'Rhinoplasty 2026-03-01 2 2 2',
      'Blepharoplasty 2026-03-02 2 1.5 0',
      DESIGNATION,
      'Total credits 2026 3.5 2',
      'Total: 3.5 CME credits (2 patient safety credits).',
      `Accreditation ${print.ACCREDITATION}`,
      'Certificate number: 2026-04HM-ASW9-NF6Y-Y093',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('a year of many activities runs over pages, each activity whole, the totals and the address after them', async () => {
    const many = Array.from({ length: 24 }, (_, i) => ({
      ...print.ACTIVITIES[0]!,
      NAME: `Activity number ${i + 1} with a title long enough to wrap onto a second line of its column`,
      PRODUCTID: 300 + i,
      TOTAL: 0.5,
    }));
    const pdf = await renderCertificatePdf({ ...print, ACTIVITIES: many, TOTALCREDIT: 12 });
    const text = await textOf(pdf);
    expect(Number(/\/Count (\d+)/.exec(pdf.toString('latin1'))?.[1])).toBeGreaterThan(1);
    for (let i = 1; i <= 24; i += 1) expect(text).toContain(`Activity number ${i} with a title`);
    expect(text.indexOf('Total: 12 CME credits')).toBeGreaterThan(text.indexOf('Activity number 24'));
    expect(text).toContain(print.VERIFYURL);
  });
});

describe('the certificate’s wording', () => {
  it('says "1 CME credit" and "2.5 CME credits", the safety credits alike', () => {
    expect(totalLine(1, 0)).toBe('Total: 1 CME credit.');
    expect(totalLine(2.5, 1)).toBe('Total: 2.5 CME credits (1 patient safety credit).');
    expect(totalLine(0.5, 0.5)).toBe('Total: 0.5 CME credits (0.5 patient safety credits).');
  });

  it('prints the licence and the board id each only when given', () => {
    const none = { LICENSESTATE: null, LICENSENUMBER: null, BOARDID: null };
    expect(cmeLicenceLine(none)).toBeNull();
    expect(cmeLicenceLine({ ...none, BOARDID: 'ABS-118822' })).toBe('ABMS board ID: ABS-118822');
    expect(cmeLicenceLine({ ...none, LICENSESTATE: 'NY', LICENSENUMBER: '27419-83Q' })).toBe(
      'State medical license: NY 27419-83Q',
    );
  });
});
