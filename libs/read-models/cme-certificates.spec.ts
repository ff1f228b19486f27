import type { CmeCertificateIssued, CmeCertificateRevoked } from '#libs/domain/cme/cme.events.js';
import { cmeCertificateByNumber, cmeCertificateOf, cmeCertificatesReadModel } from './cme-certificates.js';
import { projectInto, readModelDatabase } from './identity-projection.testing.js';

const activity = (productId: number, credits: number) => ({
  productId,
  productName: `Product ${productId}`,
  testType: 'streaming' as const,
  completedAt: `2024-03-${productId - 240}T10:00:00.000Z`,
  credits,
  safetyCredits: 0,
});

const issued = (number: string, issuedAt: string, extra: Partial<CmeCertificateIssued['data']> = {}) => ({
  type: 'CmeCertificateIssued',
  data: {
    customerId: 'c1',
    year: 2024,
    number,
    totalAtIssue: 2,
    issuedAt,
    prevHash: '0'.repeat(64),
    version: 2,
    name: 'Morgan Credits',
    activities: [activity(251, 2)],
    totalCredit: 2,
    safetyTotal: 0,
    verifyUrl: `https://shop.test/verify/${number}`,
    pdfSha256: 'a'.repeat(64),
    credential: 'h.p.s',
    supersedes: null,
    ...extra,
  } satisfies CmeCertificateIssued['data'],
});

const revoked = (number: string): { type: string; data: CmeCertificateRevoked['data'] } => ({
  type: 'CmeCertificateRevoked',
  data: {
    customerId: 'c1',
    year: 2024,
    number,
    reason: 'Issued in error',
    revokedBy: 'registrar',
    revokedAt: '2024-09-01T08:00:00.000Z',
    prevHash: '0'.repeat(64),
  },
});

describe('cme-certificates read model', () => {
  const db = readModelDatabase(cmeCertificatesReadModel);

  it('given a version 1 certificate, then a row with its total only, found by number and as the year’s current', async () => {
    const v1 = {
      type: 'CmeCertificateIssued',
      data: {
        customerId: 'c1',
        year: 2024,
        number: '2024-ABCD-EFGH',
        totalAtIssue: 3.5,
        issuedAt: '2024-05-01T10:00:00.000Z',
        prevHash: '0'.repeat(64),
      },
    };
    await projectInto(db.pool, cmeCertificatesReadModel, [v1, v1]);
    const row = await cmeCertificateByNumber(db.pool, '2024-ABCD-EFGH');
    expect(row).toMatchObject({
      version: 1,
      name: null,
      activities: [],
      totalCredit: 3.5,
      pdfSha256: null,
      credential: null,
      supersededBy: null,
      revokedAt: null,
    });
    expect(await cmeCertificateOf(db.pool, 'c1', 2024)).toEqual(row);
    expect(await cmeCertificateOf(db.pool, 'c1', 2023)).toBeNull();
    expect(await cmeCertificateByNumber(db.pool, '2024-AAAA-AAAA')).toBeNull();
  });

  it('given an issue, a superseding one and a revocation, then each number as issued with its status', async () => {
    await projectInto(db.pool, cmeCertificatesReadModel, [
      issued('N1', '2024-05-01T10:00:00.000Z'),
      issued('N2', '2024-07-01T10:00:00.000Z', {
        activities: [activity(251, 2), activity(263, 1.5)],
        totalCredit: 3.5,
        totalAtIssue: 3.5,
        supersedes: 'N1',
        pdfSha256: 'b'.repeat(64),
      }),
      issued('N3', '2024-06-01T10:00:00.000Z', { customerId: 'c2' }),
      revoked('N1'),
      // The same revocation again changes nothing.
      { ...revoked('N1'), data: { ...revoked('N1').data, reason: 'other', revokedAt: '2024-10-01T00:00:00.000Z' } },
    ]);
    expect(await cmeCertificateByNumber(db.pool, 'N1')).toMatchObject({
      version: 2,
      name: 'Morgan Credits',
      activities: [activity(251, 2)],
      totalCredit: 2,
      pdfSha256: 'a'.repeat(64),
      supersededBy: 'N2',
      revokedAt: new Date('2024-09-01T08:00:00.000Z'),
      revokeReason: 'Issued in error',
      revokedBy: 'registrar',
    });
    const current = await cmeCertificateOf(db.pool, 'c1', 2024);
    expect(current).toMatchObject({
      number: 'N2',
      supersedes: 'N1',
      supersededBy: null,
      totalCredit: 3.5,
      activities: [activity(251, 2), activity(263, 1.5)],
      verifyUrl: 'https://shop.test/verify/N2',
      credential: 'h.p.s',
      issuedAt: new Date('2024-07-01T10:00:00.000Z'),
    });
    expect((await cmeCertificateOf(db.pool, 'c2', 2024))?.number).toBe('N3');
  });

  it('given a version 3 certificate, then its provider, accreditation statement, licence and each activity’s maximum and designation', async () => {
    const designation =
      'The Demo Provider designates this enduring material for a maximum of 2 AMA PRA Category 1 Credits™.';
    const licence = { licenseState: 'MO', licenseNumber: '2004018352', boardId: 'ABS-118822' };
    await projectInto(db.pool, cmeCertificatesReadModel, [
      issued('N4', '2024-08-01T10:00:00.000Z', {
        customerId: 'c3',
        version: 3,
        activities: [{ ...activity(251, 1.5), maxCredits: 2, designationStatement: designation }],
        provider: { name: 'Demo Provider', accreditationStatement: 'The Demo Provider is accredited by the ACCME.' },
        licence,
      }),
      issued('N5', '2024-09-01T10:00:00.000Z', {
        customerId: 'c3',
        version: 3,
        supersedes: 'N4',
        provider: { name: 'Demo Provider', accreditationStatement: 'The Demo Provider is accredited by the ACCME.' },
        licence: null,
      }),
      issued('N6', '2024-09-02T10:00:00.000Z', { customerId: 'c4' }),
    ]);
    expect(await cmeCertificateByNumber(db.pool, 'N4')).toMatchObject({
      version: 3,
      providerName: 'Demo Provider',
      accreditation: 'The Demo Provider is accredited by the ACCME.',
      licence,
      activities: [{ ...activity(251, 1.5), maxCredits: 2, designationStatement: designation }],
      supersededBy: 'N5',
    });
    expect(await cmeCertificateOf(db.pool, 'c3', 2024)).toMatchObject({ number: 'N5', licence: null });
    // A version 2 row printed none of it.
    expect(await cmeCertificateByNumber(db.pool, 'N6')).toMatchObject({
      version: 2,
      providerName: null,
      accreditation: null,
      licence: null,
    });
  });
});
