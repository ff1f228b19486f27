import { fold } from '../kernel/decider.js';
import { givenWhenThen } from '../kernel/given-when-then.testing.js';
import { cmePrintedOf } from './cme.certificate.js';
import { cmeChainText } from './cme.chain.js';
import type { CmePrintFacts, IssueCmeCertificate, RevokeCmeCertificate, SubmitCmeTest } from './cme.commands.js';
import { createCmeDecider } from './cme.decider.js';
import type { CmeCertificateIssued, CmeEvent } from './cme.events.js';
import { PRINT_FACTS as FACTS, submitCommand } from './cme.testing.js';

// A stand-in for SHA-256 (the domain has no crypto): any deterministic function shows the chaining.
const fakeHash = (text: string): string => `h(${text.length}:${text.slice(-12)})`;
const decider = createCmeDecider(fakeHash);
const given = givenWhenThen(decider);

const KEY = [0, 1, 2, 3];
const NAME = FACTS.name;
const submitOf = (productId: number, answers: number[], now: string, extra: Partial<SubmitCmeTest> = {}) =>
  submitCommand(productId, { answers, key: KEY, now, retakeByViewing: false, ...extra });

type Command = Parameters<typeof decider.decide>[0];

/**
 * Decides the steps one after another on the stream so far: the events a real stream would hold. A
 * step may be a function of the events so far (an issue printed from the stream as it then stands).
 */
function run(...steps: (Command | ((events: CmeEvent[]) => Command))[]): CmeEvent[] {
  const events: CmeEvent[] = [];
  for (const step of steps) {
    const command = typeof step === 'function' ? step(events) : step;
    events.push(...decider.decide(command, fold(decider, events)));
  }
  return events;
}

/** An issue as the handler sends it: printed from the stream as it stands. */
function issueOn(
  events: CmeEvent[],
  number: string,
  now: string,
  extra: Partial<IssueCmeCertificate> = {},
  facts: CmePrintFacts = FACTS,
) {
  const state = fold(decider, events);
  return {
    type: 'IssueCmeCertificate',
    customerId: 'c1',
    year: 2024,
    number,
    accreditorInfoRecorded: true,
    now,
    facts,
    printed: cmePrintedOf(state, facts),
    verifyUrl: `https://shop.test/verify/${number}`,
    pdfSha256: `sha-of-${number}`,
    credential: `jws-of-${number}`,
    supersedes: state.certificate?.number ?? null,
    ...extra,
  } satisfies IssueCmeCertificate;
}

/** An issue printed from the stream as it stands when `run` reaches it. */
const issueOnLater =
  (number: string, now: string) =>
  (events: CmeEvent[]): IssueCmeCertificate =>
    issueOn(events, number, now);

const revokeOf = (number: string, extra: Partial<RevokeCmeCertificate> = {}): RevokeCmeCertificate => ({
  type: 'RevokeCmeCertificate',
  customerId: 'c1',
  year: 2024,
  number,
  reason: 'Issued in error',
  by: 'registrar',
  now: '2024-09-01T08:00:00.000Z',
  ...extra,
});

const ALL_RIGHT = [0, 1, 2, 3];
const TWO_RIGHT = [0, 1, 0, 0];
const issuedData = (e: CmeEvent | undefined) => (e as CmeCertificateIssued).data;

describe('CME certificates: issued as documents, superseded, revoked', () => {
  const tests = [
    submitOf(251, ALL_RIGHT, '2024-03-01T10:00:00.000Z'),
    submitOf(258, TWO_RIGHT, '2024-03-02T10:00:00.000Z', { safety: true }),
  ];

  it('prints the provider, its statements, the licence and every completed activity with the credits claimed, the maximum and the last submit’s date', () => {
    const events = run(...tests, submitOf(251, TWO_RIGHT, '2024-04-01T10:00:00.000Z'));
    expect(cmePrintedOf(fold(decider, events), FACTS)).toEqual({
      name: NAME,
      activities: [
        {
          productId: 251,
          productName: 'Product 251',
          testType: 'streaming',
          completedAt: '2024-04-01T10:00:00.000Z',
          credits: 1,
          safetyCredits: 0,
          maxCredits: 2,
          designationStatement:
            'The Example CME Provider designates this enduring material for a maximum of 2 AMA PRA Category 1 Credits™.',
        },
        {
          productId: 258,
          productName: 'Product 258',
          testType: 'streaming',
          completedAt: '2024-03-02T10:00:00.000Z',
          credits: 1,
          safetyCredits: 1,
          maxCredits: 1,
          // One credit, singular.
          designationStatement:
            'The Example CME Provider designates this enduring material for a maximum of 1 AMA PRA Category 1 Credit™.',
        },
      ],
      totalCredit: 2,
      safetyTotal: 1,
      provider: {
        name: 'Example CME Provider',
        accreditationStatement:
          'The Example CME Provider is accredited by the ACCME to provide continuing medical education for physicians.',
      },
      licence: { licenseState: 'MO', licenseNumber: '2004018352', boardId: null },
    });
  });

  it('an attempt that earned no credit is not printed: no right answer, or nothing left under the cap', () => {
    const noRightAnswer = [1, 2, 3, 0];
    const events = run(...tests, submitOf(263, noRightAnswer, '2024-04-01T10:00:00.000Z'));
    const printed = cmePrintedOf(fold(decider, events), FACTS);
    expect(printed.activities.map((a) => [a.productId, a.credits])).toEqual([
      [251, 2],
      [258, 1],
    ]);
    expect(printed.totalCredit).toBe(3);

    // Twenty credits of ten tests, then an eleventh with every answer right: the cap leaves it nothing.
    const full = Array.from({ length: 10 }, (_, i) =>
      submitOf(300 + i, ALL_RIGHT, `2024-02-${String(i + 10)}T10:00:00.000Z`),
    );
    const capped = run(...full, submitOf(263, ALL_RIGHT, '2024-03-01T10:00:00.000Z'));
    const atCap = cmePrintedOf(fold(decider, capped), FACTS);
    expect(atCap.totalCredit).toBe(20);
    expect(atCap.activities.map((a) => a.productId)).not.toContain(263);
    expect(atCap.activities).toHaveLength(10);

    // A year of attempts only has nothing to certify.
    const attempts = run(submitOf(263, noRightAnswer, '2024-04-01T10:00:00.000Z'));
    given(...attempts)
      .when(issueOn(attempts, 'N1', '2024-05-01T10:00:00.000Z'))
      .thenFails('CME_NO_CREDITS');
  });

  it('no licence printed when none of its fields was given; a board id alone is printed alone', () => {
    const state = fold(decider, run(...tests));
    const none = { licenseState: null, licenseNumber: null, boardId: null };
    expect(cmePrintedOf(state, { ...FACTS, licence: none }).licence).toBeNull();
    expect(cmePrintedOf(state, { ...FACTS, licence: null }).licence).toBeNull();
    expect(cmePrintedOf(state, { ...FACTS, licence: { ...none, boardId: 'ABS-118822' } }).licence).toEqual({
      ...none,
      boardId: 'ABS-118822',
    });
  });

  it('the first issue records version 3: what was printed, the PDF’s hash, the credential, chained', () => {
    const history = run(...tests);
    given(...history)
      .when(issueOn(history, 'N1', '2024-05-01T10:00:00.000Z'))
      .then({
        type: 'CmeCertificateIssued',
        data: {
          customerId: 'c1',
          year: 2024,
          number: 'N1',
          totalAtIssue: 3,
          issuedAt: '2024-05-01T10:00:00.000Z',
          prevHash: fakeHash(cmeChainText(history.at(-1)!)),
          version: 3,
          name: NAME,
          activities: cmePrintedOf(fold(decider, history), FACTS).activities,
          totalCredit: 3,
          safetyTotal: 1,
          verifyUrl: 'https://shop.test/verify/N1',
          pdfSha256: 'sha-of-N1',
          credential: 'jws-of-N1',
          supersedes: null,
          provider: cmePrintedOf(fold(decider, history), FACTS).provider,
          licence: FACTS.licence,
        },
      });
  });

  it('the same credits answer the same certificate: nothing appended, also after a retake scoring the same', () => {
    const issued = run(...tests, issueOnLater('N1', '2024-05-01T10:00:00.000Z'));
    given(...issued)
      .when(issueOn(issued, 'N2', '2024-06-01T10:00:00.000Z'))
      .then();
    // Other answers, the same two right: the credits are unchanged (only the completion date moved).
    const sameScore = run(
      ...tests,
      issueOnLater('N1', '2024-05-01T10:00:00.000Z'),
      submitOf(258, [0, 1, 3, 0], '2024-06-02T10:00:00.000Z', { safety: true }),
    );
    given(...sameScore)
      .when(issueOn(sameScore, 'N2', '2024-06-03T10:00:00.000Z'))
      .then();
    expect(fold(decider, sameScore).certificate).toMatchObject({ number: 'N1', supersedes: null, revokedAt: null });
  });

  it('a later issue after the credits changed supersedes the earlier number; both stay in the stream', () => {
    const events = run(
      ...tests,
      issueOnLater('N1', '2024-05-01T10:00:00.000Z'),
      submitOf(263, ALL_RIGHT, '2024-07-01T10:00:00.000Z'),
      issueOnLater('N2', '2024-07-02T10:00:00.000Z'),
    );
    const issued = events.filter((e) => e.type === 'CmeCertificateIssued').map(issuedData);
    expect(issued.map((d) => [d.number, d.totalCredit, d.supersedes])).toEqual([
      ['N1', 3, null],
      ['N2', 5, 'N1'],
    ]);
    const state = fold(decider, events);
    expect(state.certificate).toMatchObject({ number: 'N2', supersedes: 'N1' });
    expect(Object.keys(state.issued)).toEqual(['N1', 'N2']);
  });

  it('a changed licence or provider statement prints another certificate: a new number superseding the one before', () => {
    const issued = run(...tests, issueOnLater('N1', '2024-05-01T10:00:00.000Z'));
    const licence = { licenseState: 'KS', licenseNumber: '04-27731', boardId: null };
    const [byLicence] = decider.decide(
      issueOn(issued, 'N2', '2024-06-01T10:00:00.000Z', {}, { ...FACTS, licence }),
      fold(decider, issued),
    );
    expect(issuedData(byLicence)).toMatchObject({ number: 'N2', supersedes: 'N1', licence });
    const renamed = { ...FACTS, provider: { ...FACTS.provider, name: 'Another CME Provider' } };
    const [byProvider] = decider.decide(
      issueOn(issued, 'N2', '2024-06-01T10:00:00.000Z', {}, renamed),
      fold(decider, issued),
    );
    expect(issuedData(byProvider).provider?.name).toBe('Another CME Provider');
    expect(issuedData(byProvider).activities?.[0]?.designationStatement).toContain(
      'The Another CME Provider designates',
    );
  });

  it('a version 2 certificate (no provider, statements nor licence; 0-credit records printed) is superseded by the next issue', () => {
    const history = run(...tests, submitOf(263, [1, 2, 3, 0], '2024-04-01T10:00:00.000Z'));
    const state = fold(decider, history);
    // As the release before printed it: every record, the 0 credits too, and nothing of the provider.
    const v2: CmeEvent = {
      type: 'CmeCertificateIssued',
      data: {
        customerId: 'c1',
        year: 2024,
        number: 'N1',
        totalAtIssue: 3,
        issuedAt: '2024-04-02T00:00:00.000Z',
        prevHash: fakeHash(cmeChainText(history.at(-1)!)),
        version: 2,
        name: NAME,
        activities: Object.values(state.records).map((r) => ({
          productId: r.productId,
          productName: r.productName,
          testType: r.testType,
          completedAt: r.submittedAt,
          credits: r.creditsAwarded,
          safetyCredits: r.safetyCredits,
        })),
        totalCredit: 3,
        safetyTotal: 1,
        verifyUrl: 'https://shop.test/verify/N1',
        pdfSha256: 'sha-of-N1',
        credential: 'jws-of-N1',
        supersedes: null,
      },
    };
    const folded = fold(decider, [...history, v2]);
    expect(folded.certificate?.printed?.activities).toHaveLength(3);
    expect(folded.certificate?.printed?.provider).toBeUndefined();
    // What a first print of today would record; after the version 2 certificate, the same superseding it.
    const today = issuedData(decider.decide(issueOn(history, 'N2', '2024-05-01T00:00:00.000Z'), state)[0]);
    expect(today.activities?.map((a) => a.productId)).toEqual([251, 258]);
    given(...history, v2)
      .when(issueOn([...history, v2], 'N2', '2024-05-01T00:00:00.000Z'))
      .then({
        type: 'CmeCertificateIssued',
        data: { ...today, prevHash: fakeHash(cmeChainText(v2)), supersedes: 'N1' },
      });
  });

  it('a version 1 certificate (no printed content recorded) is superseded by the next issue', () => {
    const history = run(...tests);
    const v1: CmeEvent = {
      type: 'CmeCertificateIssued',
      data: {
        customerId: 'c1',
        year: 2024,
        number: '2024-ABCD-EFGH',
        totalAtIssue: 3,
        issuedAt: '2024-04-01T00:00:00.000Z',
        prevHash: fakeHash(cmeChainText(history.at(-1)!)),
      },
    };
    const [next] = decider.decide(
      issueOn([...history, v1], 'N2', '2024-05-01T00:00:00.000Z'),
      fold(decider, [...history, v1]),
    );
    expect(issuedData(next)).toMatchObject({ number: 'N2', version: 3, supersedes: '2024-ABCD-EFGH' });
  });

  it('refuses without the accreditor’s information (first), without credits, and a print of a stream that moved', () => {
    given()
      .when(issueOn([], 'N1', '2024-05-01T00:00:00.000Z', { accreditorInfoRecorded: false }))
      .thenFails('CME_INFO_MISSING');
    given()
      .when(issueOn([], 'N1', '2024-05-01T00:00:00.000Z'))
      .thenFails('CME_NO_CREDITS');
    const before = run(tests[0]!);
    const after = run(...tests);
    // Printed before the second test landed: its content no longer matches the stream.
    given(...after)
      .when(issueOn(before, 'N1', '2024-05-01T00:00:00.000Z'))
      .thenFails('CME_CERTIFICATE_STALE');
    // Printed as superseding nothing, while a certificate was issued meanwhile.
    const issued = run(
      ...tests,
      issueOnLater('N1', '2024-05-01T00:00:00.000Z'),
      submitOf(263, ALL_RIGHT, '2024-07-01T10:00:00.000Z'),
    );
    given(...issued)
      .when(issueOn(issued, 'N2', '2024-07-02T00:00:00.000Z', { supersedes: null }))
      .thenFails('CME_CERTIFICATE_STALE');
    given(...issued)
      .when(issueOn(issued, 'N1', '2024-07-02T00:00:00.000Z'))
      .thenFails('CME_CERTIFICATE_STALE');
  });

  it('revokes a number of the stream once, with a reason; then no new certificate for the year', () => {
    const issued = run(...tests, issueOnLater('N1', '2024-05-01T10:00:00.000Z'));
    given(...issued)
      .when(revokeOf('N9'))
      .thenFails('CME_CERTIFICATE_UNKNOWN');
    given(...issued)
      .when(revokeOf('N1', { reason: '  ' }))
      .thenFails('CME_REVOKE_REASON_REQUIRED');
    given(...issued)
      .when(revokeOf('N1', { by: '' }))
      .thenFails('CME_REVOKE_REASON_REQUIRED');
    given(...issued)
      .when(revokeOf('N1', { reason: ' Issued in error ' }))
      .then({
        type: 'CmeCertificateRevoked',
        data: {
          customerId: 'c1',
          year: 2024,
          number: 'N1',
          reason: 'Issued in error',
          revokedBy: 'registrar',
          revokedAt: '2024-09-01T08:00:00.000Z',
          prevHash: fakeHash(cmeChainText(issued.at(-1)!)),
        },
      });
    const revoked = run(...tests, issueOnLater('N1', '2024-05-01T10:00:00.000Z'), revokeOf('N1'));
    given(...revoked)
      .when(revokeOf('N1', { reason: 'again' }))
      .then();
    expect(fold(decider, revoked).certificate).toMatchObject({ number: 'N1', revokedAt: '2024-09-01T08:00:00.000Z' });
    const more = run(
      ...tests,
      issueOnLater('N1', '2024-05-01T10:00:00.000Z'),
      revokeOf('N1'),
      submitOf(263, ALL_RIGHT, '2024-10-01T00:00:00.000Z'),
    );
    given(...more)
      .when(issueOn(more, 'N2', '2024-10-02T00:00:00.000Z'))
      .thenFails('CME_CERTIFICATE_REVOKED');
  });

  it('revoking a superseded number leaves the current certificate and later issues alone', () => {
    const events = run(
      ...tests,
      issueOnLater('N1', '2024-05-01T10:00:00.000Z'),
      submitOf(263, ALL_RIGHT, '2024-07-01T10:00:00.000Z'),
      issueOnLater('N2', '2024-07-02T10:00:00.000Z'),
      revokeOf('N1'),
    );
    const state = fold(decider, events);
    expect(state.issued).toEqual({ N1: { revokedAt: '2024-09-01T08:00:00.000Z' }, N2: { revokedAt: null } });
    expect(state.certificate).toMatchObject({ number: 'N2', revokedAt: null });
    given(...events)
      .when(issueOn(events, 'N3', '2024-09-02T00:00:00.000Z'))
      .then();
  });
});
