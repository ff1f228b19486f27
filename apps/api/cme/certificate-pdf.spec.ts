import { type CertificatePrint, renderCertificatePdf, sha256OfBytes } from './certificate-pdf.js';

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
    },
    {
      NAME: 'Blepharoplasty',
      PRODUCTID: 160,
      TYPE: 'module',
      created_at: '2026-03-02T10:00:00.000Z',
      TOTAL: 1.5,
      SAFETYCREDITS: 0,
    },
  ],
  VERIFYURL: 'https://shop.test/verify/2026-04HM-ASW9-NF6Y-Y093',
  ISSUED_AT: '2026-05-01T10:00:00.000Z',
  SUPERSEDES: null,
};

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
});
