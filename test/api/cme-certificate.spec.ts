import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Clock } from '#libs/application/clock.js';
import {
  CME_CERTIFICATE_REVOKED_ERROR,
  CME_CREDENTIAL_TYPE,
  type CmeCertificateInfo,
  type CmeCredentialPayload,
  type CmeVerifyResponse,
} from '#libs/contracts/cme.js';
import { DEMO_CME_STATEMENTS } from '#libs/config/config.js';
import { type CmeEvent, cmeStreamId } from '#libs/domain/cme/cme.events.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { verifyJws } from '#libs/signing/verify.js';
import { revokeCertificate } from '../../apps/api/cme/certificate-revoke.js';
import { questionsOf } from '../../apps/api/cme/cme-questions.js';
import { EVENT_STORE, PROJECTION_WAITER } from '../../apps/api/infrastructure/tokens.js';
import { DEMO_DOB } from '../../apps/api/seed/demo-account-page.js';
import { PgSigner } from '../../apps/api/signing/index.js';
import type { ProjectionWaiter } from '#libs/read-models/projector.js';
import { useTestShop } from '../support/app.js';
import { qrCodesOfPdf } from '../support/pdf-qr.js';
import { pdfTextOf, withPdfFile } from '../support/pdf-text.js';
import { type Caller, shopClient } from '../support/shop-client.js';

const YEAR = new Date().getUTCFullYear();
const ROOT = join(__dirname, '../..');
const keyOf = (productId: number): number[] => questionsOf(productId)!.key;
const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
const PROVIDER = DEMO_CME_STATEMENTS.providerName;
const ACCREDITATION = DEMO_CME_STATEMENTS.accreditation.replace('{provider}', PROVIDER);
/** The designation of an activity designated for at most 2 credits, as the demo wording prints it. */
const DESIGNATION_OF_2 = DEMO_CME_STATEMENTS.designation
  .replace('{provider}', PROVIDER)
  .replace('{credits}', `2 ${DEMO_CME_STATEMENTS.creditNamePlural}`);

/**
 * Issued CME certificates are documents (docs/audit.md, Certificates): the issue records what was
 * printed, the PDF's SHA-256 and a signed credential; the GETs serve those bytes; a later issue with
 * other credits supersedes; a revocation is recorded; the credential verifies with the published keys.
 */
describe('CME certificates as issued documents', () => {
  const shop = useTestShop({ seedDemo: true });
  const { call, loginAs } = shopClient(() => shop.baseUrl);
  let cme: Caller;
  let customerId: string;
  let store: EventStore;

  beforeAll(async () => {
    cme = { token: (await loginAs('cme@demo.test')).token };
    customerId = (await call<{ customerId: string }>(cme, 'GET', '/auth/me')).body.customerId;
    store = shop.app.get<EventStore>(EVENT_STORE);
  });
  afterEach(() => jest.restoreAllMocks());

  const issue = (year = YEAR) =>
    call<CmeCertificateInfo & { ERROR?: string }>(cme, 'POST', `/cme/certificate?year=${year}`);
  const get = (path: string, who: Caller = cme) =>
    fetch(`${shop.baseUrl}/api${path}`, { headers: who.token ? { authorization: `Bearer ${who.token}` } : {} });
  const pdfOf = async (year = YEAR) => Buffer.from(await (await get(`/cme/certificate?year=${year}`)).arrayBuffer());
  const verify = (number: string, query = '') =>
    call<CmeVerifyResponse>({}, 'GET', `/cme/verify/${number}${query}`, undefined, { 'x-forwarded-for': '10.9.0.1' });
  const submit = (productId: number) =>
    call(cme, 'POST', `/cme/tests/streaming/${productId}`, { ANSWERS: keyOf(productId) });
  const events = async (year = YEAR) =>
    (await store.readStream(cmeStreamId(customerId, year))) as unknown as CmeEvent[];
  const eventCount = async (): Promise<number> =>
    Number((await shop.shop.pool.query<{ n: string }>('SELECT count(*) AS n FROM es_events')).rows[0]!.n);

  it('the issue records what was printed, the PDF’s SHA-256 and the credential; the GETs serve those bytes, writing nothing', async () => {
    const at = new Date();
    jest.spyOn(shop.app.get(Clock), 'now').mockReturnValue(at);
    const issued = await issue();
    expect(issued.status).toBe(200);
    const info = issued.body;
    expect(info).toMatchObject({
      NAME: 'Morgan Credits',
      YEAR,
      TOTALCREDIT: 6.5,
      SAFETYTOTAL: 3,
      SUPERSEDES: null,
      PROVIDER,
      ACCREDITATION,
      LICENSESTATE: DEMO_DOB.licence.licenseState,
      LICENSENUMBER: DEMO_DOB.licence.licenseNumber,
      BOARDID: DEMO_DOB.licence.boardId,
    });
    expect(info.ISSUED_AT).toBe(at.toISOString());
    // The four completed activities; the demo's test of 299 with no right answer is an attempt, not printed.
    expect(info.ACTIVITIES.map((a) => a.PRODUCTID)).toEqual([258, 251, 264, 161]);
    for (const a of info.ACTIVITIES) expect(a).toMatchObject({ MAXCREDITS: 2, DESIGNATION: DESIGNATION_OF_2 });
    expect(info.VERIFYURL).toBe(`${shop.baseUrl}/verify/${info.NUMBER}`);

    const [event] = (await events()).filter((e) => e.type === 'CmeCertificateIssued');
    expect(event!.data).toMatchObject({
      version: 3,
      provider: { name: PROVIDER, accreditationStatement: ACCREDITATION },
      licence: DEMO_DOB.licence,
      number: info.NUMBER,
      name: 'Morgan Credits',
      totalCredit: 6.5,
      safetyTotal: 3,
      verifyUrl: info.VERIFYURL,
      pdfSha256: info.PDFSHA256,
      supersedes: null,
    });

    const before = await eventCount();
    const first = await pdfOf();
    expect(sha256(first)).toBe(info.PDFSHA256);
    // Read again a second later: the same bytes, never a new rendering.
    jest.spyOn(shop.app.get(Clock), 'now').mockReturnValue(new Date(at.getTime() + 1000));
    expect((await pdfOf()).equals(first)).toBe(true);
    const read = await call<CmeCertificateInfo>(cme, 'GET', `/cme/certificate/info?year=${YEAR}`);
    expect(read.body).toEqual(info);
    expect(await eventCount()).toBe(before);

    // The PDF prints the verify address, and its QR code holds it.
    expect(await withPdfFile(first, qrCodesOfPdf)).toEqual([info.VERIFYURL]);
    const text = await pdfTextOf(first);
    expect(text).toContain(info.VERIFYURL);
    // What an accreditor reads: the provider, the learner and licence, each activity with its date,
    // maximum and credits claimed and its designation, the totals in words, the accreditation statement.
    expect(text).toContain(`Certificate of CME Credit ${PROVIDER} This certifies that Morgan Credits`);
    expect(text).toContain(
      `State medical license: ${DEMO_DOB.licence.licenseState} ${DEMO_DOB.licence.licenseNumber} · ABMS board ID: ${DEMO_DOB.licence.boardId}`,
    );
    for (const a of info.ACTIVITIES) {
      expect(text).toContain(
        `${a.NAME} ${a.created_at.slice(0, 10)} 2 ${a.TOTAL} ${a.SAFETYCREDITS} ${DESIGNATION_OF_2}`,
      );
    }
    expect(text).not.toContain('Safe Gluteal Fat Grafting');
    expect(text).toContain('Total: 6.5 CME credits (3 patient safety credits).');
    expect(text).toContain(`Accreditation ${ACCREDITATION}`);
  });

  it('prints the licence as given: a board id alone, then none; a changed licence issues a new number', async () => {
    const first = (await issue()).body;
    const save = (licence: Record<string, string | null>) =>
      call(cme, 'PUT', '/account/cme', { DOB: DEMO_DOB.dob, ...licence });
    try {
      expect((await save({ LICENSESTATE: null, LICENSENUMBER: null, BOARDID: 'ABS-118822' })).status).toBe(200);
      const boardOnly = (await issue()).body;
      expect(boardOnly).toMatchObject({ SUPERSEDES: first.NUMBER, LICENSESTATE: null, LICENSENUMBER: null });
      expect(boardOnly.BOARDID).toBe('ABS-118822');
      const text = await pdfTextOf(await pdfOf());
      expect(text).toContain('Morgan Credits ABMS board ID: ABS-118822 completed');
      expect(text).not.toContain('State medical license');

      expect((await save({ LICENSESTATE: null, LICENSENUMBER: null, BOARDID: null })).status).toBe(200);
      const none = (await issue()).body;
      expect(none).toMatchObject({
        SUPERSEDES: boardOnly.NUMBER,
        LICENSESTATE: null,
        LICENSENUMBER: null,
        BOARDID: null,
      });
      const plain = await pdfTextOf(await pdfOf());
      expect(plain).toContain('Morgan Credits completed these CME activities');
      expect(plain).not.toContain('ABMS board ID');
      expect((await verify(none.NUMBER)).body).toMatchObject({ PROVIDER, BOARDID: null, LICENSENUMBER: null });
    } finally {
      const { licenseState, licenseNumber, boardId } = DEMO_DOB.licence;
      await save({ LICENSESTATE: licenseState, LICENSENUMBER: licenseNumber, BOARDID: boardId });
    }
  });

  it('the same credits answer the same certificate; changed credits issue a new number superseding it', async () => {
    const first = (await issue()).body;
    const before = (await events()).length;
    const again = await issue();
    expect([again.status, again.body.NUMBER, again.body.PDFSHA256]).toEqual([200, first.NUMBER, first.PDFSHA256]);
    expect((await events()).length).toBe(before);

    expect((await submit(287)).status).toBe(200);
    // Until issued again, verification answers what was printed, not today's figures.
    expect((await verify(first.NUMBER)).body).toMatchObject({ TOTALCREDIT: 6.5, STATUS: 'valid', STATUSTEXT: 'Valid' });

    const second = (await issue()).body;
    expect(second.NUMBER).not.toBe(first.NUMBER);
    expect(second).toMatchObject({ TOTALCREDIT: 8.5, SUPERSEDES: first.NUMBER });
    expect(second.ACTIVITIES.map((a) => a.PRODUCTID)).toContain(287);
    expect((await verify(first.NUMBER)).body).toMatchObject({
      STATUS: 'superseded',
      SUPERSEDED_BY: second.NUMBER,
      STATUSTEXT: `Superseded by ${second.NUMBER}`,
      TOTALCREDIT: 6.5,
      PDFSHA256: first.PDFSHA256,
    });
    expect((await verify(second.NUMBER)).body).toMatchObject({ STATUS: 'valid', SUPERSEDES: first.NUMBER });
    // The download is now the new certificate.
    expect(sha256(await pdfOf())).toBe(second.PDFSHA256);
  });

  it('the credential signs what was printed and verifies with the published keys, also after a rotation', async () => {
    const info = (await issue()).body;
    const own = await get(`/cme/certificate/credential?year=${YEAR}`);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toContain('application/jose');
    expect(own.headers.get('content-disposition')).toContain(`cme-certificate-${YEAR}.jws`);
    const jws = await own.text();
    const published = await get(`/cme/verify/${info.NUMBER}/credential`, {});
    expect(await published.text()).toBe(jws);
    const issuedEvent = (await events()).filter((e) => e.type === 'CmeCertificateIssued').at(-1)!;
    expect((issuedEvent.data as { credential: string }).credential).toBe(jws);

    const jwks = async () => (await (await fetch(`${shop.baseUrl}/.well-known/jwks.json`)).json()) as never;
    const checked = await verifyJws(jws, await jwks());
    expect(checked).toMatchObject({ valid: true, typ: CME_CREDENTIAL_TYPE });
    const payload = (checked as unknown as { payload: CmeCredentialPayload }).payload;
    expect(payload).toMatchObject({
      iss: shop.baseUrl,
      number: info.NUMBER,
      name: info.NAME,
      year: YEAR,
      totalCredit: info.TOTALCREDIT,
      safetyTotal: info.SAFETYTOTAL,
      issuedAt: info.ISSUED_AT,
      pdfSha256: info.PDFSHA256,
      verifyUrl: info.VERIFYURL,
    });
    expect(payload.activities.map((a) => a.credits)).toEqual(info.ACTIVITIES.map((a) => a.TOTAL));
    // Version 3 signs the provider, the statements and the licence printed.
    expect(payload).toMatchObject({
      version: 3,
      provider: { name: PROVIDER, accreditationStatement: ACCREDITATION },
      licence: DEMO_DOB.licence,
    });
    expect(payload.activities.map((a) => [a.maxCredits, a.designationStatement])).toEqual(
      info.ACTIVITIES.map((a) => [a.MAXCREDITS, a.DESIGNATION]),
    );

    const rotation = await shop.app.get(PgSigner).rotate();
    expect(await verifyJws(jws, await jwks())).toMatchObject({ valid: true });
    // A certificate issued after the rotation is signed with the new key; both verify.
    expect((await submit(254)).status).toBe(200);
    const next = (await issue()).body;
    const nextJws = await (await get(`/cme/verify/${next.NUMBER}/credential`, {})).text();
    expect(await verifyJws(nextJws, await jwks())).toMatchObject({ valid: true, kid: rotation.kid });
    // One byte of the payload changed: the signature no longer holds.
    const [header, body, signature] = nextJws.split('.');
    const forged = Buffer.from(body!, 'base64url')
      .toString()
      .replace(`"totalCredit":${next.TOTALCREDIT}`, '"totalCredit":20');
    expect(
      await verifyJws(`${header}.${Buffer.from(forged).toString('base64url')}.${signature}`, await jwks()),
    ).toMatchObject({
      valid: false,
    });
  });

  it('a revocation is recorded once with its reason; verification says so; the year issues no new certificate', async () => {
    const info = (await issue()).body;
    const deps = { store, pool: shop.shop.pool, clock: shop.app.get(Clock) };
    const revoked = await revokeCertificate(deps, {
      number: info.NUMBER.toLowerCase(),
      reason: 'Issued in error',
      by: 'registrar',
    });
    expect(revoked).toMatchObject({ outcome: 'revoked', event: { number: info.NUMBER, reason: 'Issued in error' } });
    const last = (await store.readStream(cmeStreamId(customerId, YEAR))).at(-1)!;
    expect(last.metadata.actorId).toBe('operator:registrar');
    expect(await shop.app.get<ProjectionWaiter>(PROJECTION_WAITER).waitFor(last.position)).toBe(true);

    const again = await revokeCertificate(deps, { number: info.NUMBER, reason: 'other', by: 'someone' });
    expect(again).toMatchObject({ outcome: 'already_revoked', event: { reason: 'Issued in error' } });
    await expect(
      revokeCertificate(deps, { number: `${YEAR}-0000-0000-0000-0000`, reason: 'x', by: 'y' }),
    ).rejects.toThrow('Unknown certificate');

    const date = revoked.event.revokedAt.slice(0, 10);
    expect((await verify(info.NUMBER)).body).toMatchObject({
      STATUS: 'revoked',
      REVOKED_AT: revoked.event.revokedAt,
      REVOKE_REASON: 'Issued in error',
      STATUSTEXT: `Revoked on ${date}: Issued in error`,
    });
    expect((await submit(255)).status).toBe(200);
    const refused = await issue();
    expect([refused.status, refused.body.ERROR]).toEqual([409, CME_CERTIFICATE_REVOKED_ERROR]);
  });

  it('the built command revokes, says so, records nothing when run again, and refuses an unknown number', async () => {
    const info = (await issue(YEAR - 1)).body;
    const cli = (...args: string[]) =>
      promisify(execFile)(process.execPath, ['dist/apps/api/cme/cme-revoke.js', ...args], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: shop.shop.config.DATABASE_URL, DATA_DIR: '/tmp/shop-test-unused' },
      });
    const args = [info.NUMBER, '--reason', 'Credits under review', '--by', 'ann'];
    expect((await cli(...args)).stdout).toMatch(
      new RegExp(`^Revoked certificate ${info.NUMBER} on \\d{4}-\\d{2}-\\d{2} by ann: Credits under review`),
    );
    expect((await cli(...args)).stdout).toMatch(/^Already revoked \(nothing recorded now\):/);
    const unknown = await cli('2020-AAAA-AAAA', '--reason', 'x').catch((e: { code: number; stderr: string }) => e);
    expect(unknown).toMatchObject({ code: 1, stderr: expect.stringContaining('Unknown certificate') });
    const usage = await cli(info.NUMBER).catch((e: { code: number; stderr: string }) => e);
    expect(usage).toMatchObject({ code: 1, stderr: expect.stringContaining('Usage: npm run cme:revoke') });
  });
});
