import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEMO_CME_STATEMENTS } from '#libs/config/config.js';
import {
  CERTIFICATE_UNKNOWN,
  CME_CREDENTIAL_NONE,
  CME_CREDENTIAL_TYPE,
  CME_PDF_MAX_BYTES,
  CME_PDF_REQUIRED,
  CME_SHA256_INVALID,
  CME_VERIFY_TOO_MANY,
  type CmeCertificateInfo,
  type CmeVerifyResponse,
} from '#libs/contracts/cme.js';
import { cmeChainText } from '#libs/domain/cme/cme.chain.js';
import { type CmeEvent, type CmeRecordData, cmeStreamId } from '#libs/domain/cme/cme.events.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import type { ProjectionWaiter } from '#libs/read-models/projector.js';
import { verifyJws } from '#libs/signing/verify.js';
import { CertificateFiles } from '../../apps/api/cme/certificate-files.js';
import { credentialPayloadOf, printOf } from '../../apps/api/cme/certificate-views.js';
import { newCertificateNumber } from '../../apps/api/cme/certificate-number.js';
import { DEMO_DOB } from '../../apps/api/seed/demo-account-page.js';
import { PgSigner } from '../../apps/api/signing/index.js';
import { VERIFY_LIMIT } from '../../apps/api/cme/certificate-throttle.js';
import { verifyChain } from '../../apps/api/cme/cme-audit-report.js';
import { sha256Hex } from '../../apps/api/cme/cme-hash.js';
import { EVENT_STORE, PROJECTION_WAITER } from '../../apps/api/infrastructure/tokens.js';
import { useTestShop } from '../support/app.js';
import { type Caller, shopClient } from '../support/shop-client.js';

const YEAR = new Date().getUTCFullYear();
const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** A client address of its own (the shop trusts X-Forwarded-For from the loopback proxy), so throttles never mix. */
let addresses = 0;
const newAddress = (): string => `10.20.${Math.floor(++addresses / 250)}.${addresses % 250}`;

/**
 * Public verification (docs/api.md, CME): a PDF or its hash checked byte for byte against the one issued,
 * the same 404 for every unknown number, a throttle per address, and certificates of the first version.
 */
describe('GET and POST /api/cme/verify/{number}', () => {
  const shop = useTestShop({ seedDemo: true });
  const { call, loginAs } = shopClient(() => shop.baseUrl);
  let cme: Caller;
  let info: CmeCertificateInfo;
  let pdf: Buffer;

  beforeAll(async () => {
    cme = { token: (await loginAs('cme@demo.test')).token };
    info = (await call<CmeCertificateInfo>(cme, 'POST', `/cme/certificate?year=${YEAR - 1}`)).body;
    const response = await fetch(`${shop.baseUrl}/api/cme/certificate?year=${YEAR - 1}`, {
      headers: { authorization: `Bearer ${cme.token}` },
    });
    pdf = Buffer.from(await response.arrayBuffer());
  });

  const verify = (number: string, query = '', from = newAddress()) =>
    call<CmeVerifyResponse>({}, 'GET', `/cme/verify/${encodeURIComponent(number)}${query}`, undefined, {
      'x-forwarded-for': from,
    });
  const upload = async (number: string, body: Uint8Array | string, type = 'application/pdf') => {
    const response = await fetch(`${shop.baseUrl}/api/cme/verify/${number}`, {
      method: 'POST',
      headers: { 'content-type': type, 'x-forwarded-for': newAddress() },
      body,
    });
    return { status: response.status, body: (await response.json()) as CmeVerifyResponse & { ERROR?: string } };
  };

  it('answers the certificate as issued: name, year, each activity with its date and credits, totals, status, hash', async () => {
    const { status, body } = await verify(info.NUMBER);
    expect(status).toBe(200);
    expect(body).toEqual({
      NUMBER: info.NUMBER,
      NAME: 'Morgan Credits',
      YEAR: YEAR - 1,
      ACTIVITIES: info.ACTIVITIES,
      TOTALCREDIT: 20,
      SAFETYTOTAL: info.SAFETYTOTAL,
      ISSUED_AT: info.ISSUED_AT,
      VERSION: 3,
      STATUS: 'valid',
      STATUSTEXT: 'Valid',
      SUPERSEDED_BY: null,
      SUPERSEDES: null,
      REVOKED_AT: null,
      REVOKE_REASON: null,
      PDFSHA256: sha256(pdf),
      CREDENTIAL: true,
      PDFMATCH: null,
      PROVIDER: DEMO_CME_STATEMENTS.providerName,
      ACCREDITATION: DEMO_CME_STATEMENTS.accreditation.replace('{provider}', DEMO_CME_STATEMENTS.providerName),
      LICENSESTATE: DEMO_DOB.licence.licenseState,
      LICENSENUMBER: DEMO_DOB.licence.licenseNumber,
      BOARDID: DEMO_DOB.licence.boardId,
    });
    expect(body.ACTIVITIES[0]).toMatchObject({
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      TOTAL: 2,
      MAXCREDITS: 2,
      DESIGNATION: expect.stringContaining(
        'designates this enduring material for a maximum of 2 AMA PRA Category 1 Credits™.',
      ),
    });
  });

  it('a number typed loosely (case, spaces, no dashes, O for 0, I or L for 1) finds the certificate', async () => {
    const typed = info.NUMBER.toLowerCase().replace(/-/g, ' ').replace(/0/g, 'o').replace(/1/g, 'l');
    expect((await verify(typed)).body.NUMBER).toBe(info.NUMBER);
    expect((await verify(info.NUMBER.replace(/-/g, ''))).body.NUMBER).toBe(info.NUMBER);
  });

  it('says whether a PDF is byte for byte the one issued: posted, or by its SHA-256; one byte edited is refused', async () => {
    const edited = Buffer.from(pdf);
    // One bit of one byte, in the middle of the page's content.
    edited[Math.floor(edited.length / 2)]! ^= 1;
    expect((await upload(info.NUMBER, pdf)).body).toMatchObject({ PDFMATCH: true, STATUS: 'valid' });
    // Plain bytes (a client that does not name the type) are read the same.
    expect((await upload(info.NUMBER, pdf, 'application/octet-stream')).body).toMatchObject({ PDFMATCH: true });
    expect((await upload(info.NUMBER, edited)).body).toMatchObject({ PDFMATCH: false, NAME: 'Morgan Credits' });
    expect((await verify(info.NUMBER, `?sha256=${sha256(pdf).toUpperCase()}`)).body.PDFMATCH).toBe(true);
    expect((await verify(info.NUMBER, `?sha256=${sha256(edited)}`)).body.PDFMATCH).toBe(false);
    // The same file under another number is not that certificate.
    const other = await verify(
      info.NUMBER.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
      `?sha256=${sha256(pdf)}`,
    );
    expect(other.status).toBe(404);
  });

  it('refuses a bad hash, a body that is not a PDF, one over the limit, and another content type', async () => {
    const bad = await verify(info.NUMBER, '?sha256=abc');
    expect([bad.status, bad.body.error]).toEqual([400, CME_SHA256_INVALID]);
    // Control characters or broken encoding: the router's own 400, as documented.
    for (const path of ['/cme/verify/%00', '/cme/verify/%E0%A4%A', '/cme/verify/%00/credential']) {
      expect((await call({}, 'GET', path, undefined, { 'x-forwarded-for': newAddress() })).status).toBe(400);
    }
    for (const [body, type] of [
      ['', 'application/pdf'],
      ['{"PDF":"x"}', 'application/json'],
      ['%PDF-1.3', 'text/plain'],
    ] as const) {
      const refused = await upload(info.NUMBER, body, type);
      expect([refused.status, refused.body.ERROR]).toEqual([400, CME_PDF_REQUIRED]);
    }
    expect((await upload(info.NUMBER, Buffer.alloc(CME_PDF_MAX_BYTES + 1, 32))).status).toBe(413);
    expect((await upload(info.NUMBER, pdf, 'image/png')).status).toBe(415);
  });

  it('50 random numbers answer the same 404, saying nothing about anyone', async () => {
    const from = newAddress();
    const numbers = [
      ...Array.from({ length: 40 }, () => newCertificateNumber(YEAR - 1)),
      ...Array.from({ length: 10 }, () => randomBytes(6).toString('base64url')),
    ];
    const answers = await Promise.all(numbers.map((n) => verify(n, '', from)));
    for (const a of answers) {
      expect(a.status).toBe(404);
      expect(a.body).toEqual({
        statusCode: 404,
        error: CERTIFICATE_UNKNOWN,
        message: [CERTIFICATE_UNKNOWN],
        ERROR: CERTIFICATE_UNKNOWN,
      });
    }
    expect(JSON.stringify(answers)).not.toMatch(/Morgan|Credits|cme@/);
    const credential = await call({}, 'GET', `/cme/verify/${numbers[0]}/credential`);
    expect([credential.status, credential.body.error]).toEqual([404, CERTIFICATE_UNKNOWN]);
  });

  it('throttles per address: beyond the limit 429 with Retry-After; another address is not held', async () => {
    const from = newAddress();
    const checks = await Promise.all(
      Array.from({ length: VERIFY_LIMIT.points }, () => verify(`${YEAR}-NOPE`, '', from)),
    );
    expect(new Set(checks.map((c) => c.status))).toEqual(new Set([404]));
    const response = await fetch(`${shop.baseUrl}/api/cme/verify/${info.NUMBER}`, {
      headers: { 'x-forwarded-for': from },
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await response.json()) as { error: string }).error).toBe(CME_VERIFY_TOO_MANY);
    expect((await verify(info.NUMBER)).status).toBe(200);
  });

  it('a certificate of the first version: its total, no file or credential to check; the next issue supersedes it', async () => {
    const store = shop.app.get<EventStore>(EVENT_STORE);
    const customerId = (await call<{ customerId: string }>(cme, 'GET', '/auth/me')).body.customerId;
    const stream = cmeStreamId(customerId, YEAR - 2);
    const history = await store.readStream(stream);
    const number = `${YEAR - 2}-ABCD-EFGH`;
    // As the first release recorded it: the number and the total, chained.
    const appended = await store.append(
      stream,
      [
        {
          id: randomUUID(),
          type: 'CmeCertificateIssued',
          data: {
            customerId,
            year: YEAR - 2,
            number,
            totalAtIssue: 4.5,
            issuedAt: `${YEAR - 2}-12-01T10:00:00.000Z`,
            prevHash: sha256Hex(cmeChainText(history.at(-1)!)),
          },
          metadata: {
            correlationId: randomUUID(),
            causationId: randomUUID(),
            actorId: customerId,
            occurredAt: new Date().toISOString(),
            schemaVersion: 1,
          },
        },
      ],
      history.length - 1,
    );
    expect(await shop.app.get<ProjectionWaiter>(PROJECTION_WAITER).waitFor(appended.position)).toBe(true);

    const v1 = await verify(number.toLowerCase(), `?sha256=${sha256(pdf)}`);
    expect(v1.body).toMatchObject({
      NUMBER: number,
      NAME: 'Morgan Credits',
      VERSION: 1,
      ACTIVITIES: [],
      TOTALCREDIT: 4.5,
      STATUS: 'valid',
      PDFSHA256: null,
      CREDENTIAL: false,
      PDFMATCH: null,
    });
    const none = await call({}, 'GET', `/cme/verify/${number}/credential`);
    expect([none.status, none.body.error]).toEqual([404, CME_CREDENTIAL_NONE]);
    // It kept no PDF: the physician's download asks for an issue, which supersedes it.
    expect((await call(cme, 'GET', `/cme/certificate/info?year=${YEAR - 2}`)).status).toBe(404);
    const next = await call<CmeCertificateInfo>(cme, 'POST', `/cme/certificate?year=${YEAR - 2}`);
    expect(next.body).toMatchObject({ SUPERSEDES: number, TOTALCREDIT: 4.5 });
    expect((await verify(number)).body).toMatchObject({ STATUS: 'superseded', SUPERSEDED_BY: next.body.NUMBER });
    expect(verifyChain(stream, await store.readStream(stream))).toEqual([]);
  });

  it('a certificate of version 2, issued before this release (a 0-credit record printed), still verifies as it was printed', async () => {
    const store = shop.app.get<EventStore>(EVENT_STORE);
    const customerId = (await call<{ customerId: string }>(cme, 'GET', '/auth/me')).body.customerId;
    // 2020: a year cme@'s demo data leaves empty. The PDF the release before rendered, kept as a fixture.
    const year = 2020;
    const stream = cmeStreamId(customerId, year);
    const oldPdf = await readFile(join(__dirname, 'fixtures/cme-certificate-v2.pdf'));
    const number = '2020-7K3M-Q9TD-4XWB-H2NC';
    const record = (productId: number, productName: string, answers: number[], correct: number) =>
      ({
        recordId: randomUUID(),
        customerId,
        year,
        testType: 'streaming',
        productId,
        productName,
        answers,
        correct,
        creditsEarned: correct / 2,
        creditsAwarded: correct / 2,
        creditsCut: 0,
        safetyCredits: 0,
        yearTotal: 2,
        submittedAt: '',
        ruleVersion: 1,
        prevHash: '',
      }) satisfies CmeRecordData;
    const passed = {
      ...record(251, 'Midface Lift: Video Atlas', [1, 1, 2, 2], 4),
      submittedAt: '2020-03-03T15:00:00.000Z',
    };
    const failed = {
      ...record(264, 'Hyaluronic Acid Fillers: Advanced Techniques', [1, 3, 3, 0], 0),
      submittedAt: '2020-04-04T15:00:00.000Z',
    };
    // What the release before printed and signed: every record, the 0 credits too; no provider, no licence.
    const printed = {
      name: 'Morgan Credits',
      activities: [passed, failed].map((r) => ({
        productId: r.productId,
        productName: r.productName,
        testType: r.testType,
        completedAt: r.submittedAt,
        credits: r.creditsAwarded,
        safetyCredits: 0,
      })),
      totalCredit: 2,
      safetyTotal: 0,
    };
    const issue = {
      number,
      year,
      verifyUrl: `https://shop.example/verify/${number}`,
      issuedAt: '2020-11-02T09:30:00.000Z',
      supersedes: null,
    };
    const payload = credentialPayloadOf(printed, printOf(printed, issue), sha256(oldPdf), 'https://shop.example');
    expect(Object.keys(payload)).not.toContain('version');
    const { jws } = await shop.app.get(PgSigner).sign({ ...payload }, CME_CREDENTIAL_TYPE);
    await shop.app.get(CertificateFiles).keep({ number, customerId, year, sha256: sha256(oldPdf), pdf: oldPdf });
    const chained: CmeEvent[] = [];
    const prevHash = () => (chained.length === 0 ? '0'.repeat(64) : sha256Hex(cmeChainText(chained.at(-1)!)));
    for (const data of [passed, failed]) {
      chained.push({ type: 'CmeTestSubmitted', data: { ...data, prevHash: prevHash() } });
    }
    chained.push({
      type: 'CmeCertificateIssued',
      data: {
        customerId,
        year,
        number,
        totalAtIssue: 2,
        issuedAt: issue.issuedAt,
        prevHash: prevHash(),
        version: 2,
        ...printed,
        verifyUrl: issue.verifyUrl,
        pdfSha256: sha256(oldPdf),
        credential: jws,
        supersedes: null,
      },
    });
    const metadata = () => ({
      correlationId: randomUUID(),
      causationId: randomUUID(),
      actorId: customerId,
      occurredAt: new Date().toISOString(),
      schemaVersion: 1,
    });
    const appended = await store.append(
      stream,
      chained.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata: metadata() })),
      'no_stream',
    );
    expect(await shop.app.get<ProjectionWaiter>(PROJECTION_WAITER).waitFor(appended.position)).toBe(true);

    // Verified as it was printed: its two activities (the 0 too), no statements, the file and the credential.
    const v2 = await upload(number, oldPdf);
    expect(v2.body).toMatchObject({
      NUMBER: number,
      VERSION: 2,
      STATUS: 'valid',
      PDFMATCH: true,
      TOTALCREDIT: 2,
      PROVIDER: null,
      ACCREDITATION: null,
      LICENSENUMBER: null,
    });
    expect(v2.body.ACTIVITIES.map((a) => [a.PRODUCTID, a.TOTAL, a.MAXCREDITS, a.DESIGNATION])).toEqual([
      [251, 2, null, null],
      [264, 0, null, null],
    ]);
    const jwks = async () => (await (await fetch(`${shop.baseUrl}/.well-known/jwks.json`)).json()) as never;
    const published = await (await fetch(`${shop.baseUrl}/api/cme/verify/${number}/credential`)).text();
    expect(await verifyJws(published, await jwks())).toMatchObject({ valid: true, typ: CME_CREDENTIAL_TYPE });
    expect(verifyChain(stream, await store.readStream(stream))).toEqual([]);
    // The holder's download is the very file issued then, never a new rendering.
    const kept = await fetch(`${shop.baseUrl}/api/cme/certificate?year=${year}`, {
      headers: { authorization: `Bearer ${cme.token}` },
    });
    expect(Buffer.from(await kept.arrayBuffer()).equals(oldPdf)).toBe(true);

    // The next print is version 3 and supersedes it: the attempt without credit is left out, the provider named.
    const next = await call<CmeCertificateInfo>(cme, 'POST', `/cme/certificate?year=${year}`);
    expect(next.body).toMatchObject({ SUPERSEDES: number, TOTALCREDIT: 2, PROVIDER: DEMO_CME_STATEMENTS.providerName });
    expect(next.body.ACTIVITIES.map((a) => a.PRODUCTID)).toEqual([251]);
    const after = await upload(number, oldPdf);
    expect(after.body).toMatchObject({
      STATUS: 'superseded',
      SUPERSEDED_BY: next.body.NUMBER,
      PDFMATCH: true,
      VERSION: 2,
    });
    expect(after.body.ACTIVITIES).toHaveLength(2);
    expect(verifyChain(stream, await store.readStream(stream))).toEqual([]);
  });
});
