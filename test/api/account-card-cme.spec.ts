import type { CardOnFile } from '#libs/contracts/cart.js';
import { cardStreamId } from '#libs/domain/card-on-file/card-on-file.events.js';
import { DECLINES } from '#libs/payments/decline-words.js';
import { TOO_MANY_CARD_ATTEMPTS } from '../../apps/api/account/card-attempts.js';
import {
  BOARD_ID_MESSAGE,
  LICENSE_NUMBER_MESSAGE,
  LICENSE_PAIR_MESSAGE,
  LICENSE_STATE_MESSAGE,
} from '#libs/contracts/account.js';
import { DOB_RANGE_MESSAGE } from '../../apps/api/account/card-cme.dto.js';
import { seedAccountPage } from '../../apps/api/seed/demo-account-page.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { buyWithDateOfBirth, SANDBOX_VISA } from '../support/checkout-fixtures.js';
import { type Caller, shopClient } from '../support/shop-client.js';

const SAVED = 'You have successfully saved your info.';
const FORBIDDEN = 'You do not have access to this resource.';
const DOB_REQUIRED = 'Date of Birth is required.';
const DOB_FORMAT = 'Date of Birth must be in the format of MM/DD/YYYY.';
const MASTERCARD = { CC: '5555 5555 5555 4444', MONTH: '07', YEAR: '2031', SC: '4321' };

const NO_LICENCE = { LICENSESTATE: null, LICENSENUMBER: null, BOARDID: null };
const DEMO_LICENCE = { LICENSESTATE: 'MO', LICENSENUMBER: '2004018352', BOARDID: 'ABS-118822' };

type Saved<T> = { success: number; message: string; data: T };
type Declined = { statusCode: number; error: string; message: string[]; ERROR: string };

/** The account page's Card and CME info tabs over real HTTP (signed-in sections 2, 3 "Card", 5, 8). */
describe('account API: card and CME info', () => {
  let shop: TestApp;
  const { call, loginAs } = shopClient(() => shop.baseUrl);
  const login = async (email: string): Promise<Caller> => ({ token: (await loginAs(email)).token });

  beforeAll(async () => {
    shop = await createTestApp({ seedDemo: true });
  });
  afterAll(async () => {
    await shop?.close();
  });

  const putCard = (who: Caller, pay: Record<string, unknown>) =>
    call<Saved<CardOnFile> & Declined>(who, 'PUT', '/account/card', { pay });
  const cardOnFile = async (who: Caller) => (await call<{ data: CardOnFile | null }>(who, 'GET', '/card')).body.data;
  const customerIdOf = (who: Caller): string =>
    (JSON.parse(Buffer.from(who.token!.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;

  it('needs a login', async () => {
    expect((await call({}, 'PUT', '/account/card', { pay: SANDBOX_VISA })).status).toBe(401);
    expect((await call({}, 'GET', '/account/cme')).status).toBe(401);
    expect((await call({}, 'PUT', '/account/cme', { DOB: '01/02/1970' })).status).toBe(401);
  });

  it('the demo card of complete@demo.test is on file', async () => {
    const complete = await login('complete@demo.test');
    expect(await cardOnFile(complete)).toMatchObject({ BRAND: 'Visa', LAST4: '4242', MONTH: '12' });
  });

  it('the account page seed is idempotent: a second run adds nothing', async () => {
    expect(await seedAccountPage(shop.app)).toEqual({
      dob: false,
      card: false,
    });
  });

  it('replaces the card on file and reads it back at once', async () => {
    const reader = await login('reader@demo.test');
    const first = await putCard(reader, SANDBOX_VISA);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      success: 1,
      message: SAVED,
      data: { BRAND: 'Visa', LAST4: '4242', MONTH: '12', YEAR: '2030' },
    });
    expect(await cardOnFile(reader)).toEqual({ BRAND: 'Visa', LAST4: '4242', MONTH: '12', YEAR: '2030' });

    const second = await putCard(reader, MASTERCARD);
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual({ BRAND: 'Mastercard', LAST4: '4444', MONTH: '07', YEAR: '2031' });
    expect(await cardOnFile(reader)).toEqual(second.body.data);
    // Only the gateway's token and the card's brand, last four and expiry were recorded.
    const events = await shop.shop.pool.query<{ data: unknown }>('SELECT data FROM es_events WHERE stream_id = $1', [
      cardStreamId(customerIdOf(reader)),
    ]);
    expect(events.rows).toHaveLength(2);
    expect(JSON.stringify(events.rows)).not.toMatch(/5555555555554444|5555 5555|4242424242424242|4321/);
  });

  it('a declined card answers 402 with ERROR and leaves the card on file', async () => {
    const reader = await login('resident@demo.test');
    expect((await putCard(reader, SANDBOX_VISA)).status).toBe(200);
    for (const [CC, text] of [
      ['4000000000000002', DECLINES.declined],
      ['4000 0000 0000 9995', DECLINES.insufficientFunds],
      ['4242424242424241', DECLINES.incorrectNumber],
    ] as const) {
      const declined = await putCard(reader, { ...MASTERCARD, CC });
      expect(declined.status).toBe(402);
      expect(declined.body).toEqual({ statusCode: 402, error: text, message: [text], ERROR: text });
    }
    expect(await cardOnFile(reader)).toMatchObject({ LAST4: '4242', YEAR: '2030' });
  });

  it('answers 400 with every field message', async () => {
    const who = await login('streamer@demo.test');
    const empty = await putCard(who, { CC: '', MONTH: ' ', YEAR: '', SC: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toEqual([
      'Card Number is required.',
      'Card Month is required.',
      'Card Year is required.',
      'Security Code is required.',
    ]);
    const bad = await putCard(who, { CC: '42424242424242424', MONTH: '13', YEAR: '2036', SC: '12345' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual([
      'Card Number must be 12 to 16 digits.',
      'Card Month must be a month from 01 to 12.',
      'Card Year must be a year from 2025 to 2035.',
      'Security Code must be 3 or 4 digits.',
    ]);
    // No message repeats what was typed.
    expect(JSON.stringify(bad.body)).not.toMatch(/42424242|12345/);
    const letters = await putCard(who, { CC: '4242-abcd-4242-4242', MONTH: '00', YEAR: '2024', SC: 'abc' });
    expect(letters.body.message).toHaveLength(4);
    const missing = await call<Declined>(who, 'PUT', '/account/card', {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toEqual(['pay (the card) is required.']);
    const extra = await putCard(who, { ...SANDBOX_VISA, NAME: 'x' });
    expect(extra.status).toBe(400);
    // Nothing was kept by any of these.
    expect(await cardOnFile(who)).toBeNull();
  });

  it('limits card attempts per account: the 11th within the hour answers 429', async () => {
    const who = await login('iflap@demo.test');
    for (let i = 0; i < 10; i++) {
      const answer = await putCard(who, { ...SANDBOX_VISA, CC: '4000000000000002' });
      expect(answer.status).toBe(402);
    }
    const refused = await putCard(who, SANDBOX_VISA);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toEqual([TOO_MANY_CARD_ATTEMPTS]);
    expect(await cardOnFile(who)).toBeNull();
    // Another account is not limited by it.
    expect((await putCard(await login('cmeprint@demo.test'), SANDBOX_VISA)).status).toBe(200);
  });

  it('two replacements at once end with exactly one card on file, one of the two', async () => {
    const who = await login('cme@demo.test');
    const [a, b] = await Promise.all([putCard(who, SANDBOX_VISA), putCard(who, MASTERCARD)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const onFile = await cardOnFile(who);
    expect([
      { BRAND: 'Visa', LAST4: '4242', MONTH: '12', YEAR: '2030' },
      { BRAND: 'Mastercard', LAST4: '4444', MONTH: '07', YEAR: '2031' },
    ]).toContainEqual(onFile);
    const rows = await shop.shop.pool.query('SELECT 1 FROM cards_on_file WHERE customer_id = $1', [customerIdOf(who)]);
    expect(rows.rowCount).toBe(1);
  });

  describe('CME info', () => {
    it('is for roles cme or cmePrint only: learner@demo.test gets 403', async () => {
      const learner = await login('learner@demo.test');
      for (const answer of [
        await call(learner, 'GET', '/account/cme'),
        await call(learner, 'PUT', '/account/cme', { DOB: '01/02/1970' }),
      ]) {
        expect(answer.status).toBe(403);
        expect(answer.body.message).toEqual([FORBIDDEN]);
      }
    });

    it('cme@demo.test reads its demo date of birth, saves another and reads it back', async () => {
      const cme = await login('cme@demo.test');
      const seeded = await call<{ data: { DOB: string | null } }>(cme, 'GET', '/account/cme');
      expect(seeded.status).toBe(200);
      expect(seeded.body).toEqual({ data: { DOB: '04/12/1975', ...DEMO_LICENCE } });
      // A body without licence fields leaves the licence on record as it is.
      const saved = await call<Saved<{ DOB: string }>>(cme, 'PUT', '/account/cme', { DOB: ' 02/29/1968 ' });
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual({ success: 1, message: SAVED, data: { DOB: '02/29/1968', ...DEMO_LICENCE } });
      expect((await call(cme, 'GET', '/account/cme')).body).toEqual({ data: { DOB: '02/29/1968', ...DEMO_LICENCE } });
      // Encrypted on the customer stream and in the read model, never plain.
      const id = customerIdOf(cme);
      const events = await shop.shop.pool.query<{ data: { dobEncrypted: string } }>(
        `SELECT data FROM es_events WHERE stream_id = $1 AND type = 'DateOfBirthRecorded'`,
        [`customer-${id}`],
      );
      expect(events.rows.length).toBeGreaterThanOrEqual(2);
      expect(events.rows.at(-1)!.data.dobEncrypted).toMatch(/^v1\./);
      expect(JSON.stringify(events.rows)).not.toMatch(/1968|1975/);
    });

    it('cmeprint@demo.test without a date of birth reads null', async () => {
      const who = await login('cmeprint@demo.test');
      expect((await call(who, 'GET', '/account/cme')).body).toEqual({ data: { DOB: null, ...NO_LICENCE } });
    });

    it('answers 400 for a missing, badly formed, unreal, future or pre-1900 date', async () => {
      const cme = await login('cme@demo.test');
      const tomorrow = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
      const future = `${String(tomorrow.getUTCMonth() + 1).padStart(2, '0')}/${String(tomorrow.getUTCDate()).padStart(2, '0')}/${tomorrow.getUTCFullYear()}`;
      const cases: [unknown, string][] = [
        ['', DOB_REQUIRED],
        ['   ', DOB_REQUIRED],
        [undefined, DOB_REQUIRED],
        ['1970-01-02', DOB_FORMAT],
        ['1/2/1970', DOB_FORMAT],
        ['02/30/1970', DOB_FORMAT],
        ['13/01/1970', DOB_FORMAT],
        ['02/29/1970', DOB_FORMAT],
        [future, DOB_RANGE_MESSAGE],
        ['12/31/1899', DOB_RANGE_MESSAGE],
      ];
      for (const [DOB, message] of cases) {
        const answer = await call(cme, 'PUT', '/account/cme', DOB === undefined ? {} : { DOB });
        expect({ DOB, status: answer.status, message: answer.body.message }).toEqual({
          DOB,
          status: 400,
          message: [message],
        });
      }
      expect((await call(cme, 'PUT', '/account/cme', { DOB: 19700102 })).status).toBe(400);
    });

    it('the date of birth given at checkout shows on the tab (after buying CME the role follows)', async () => {
      const learner = await login('learner@demo.test');
      const paid = await buyWithDateOfBirth(call, learner, 155);
      expect(paid.body.ERRORS).toEqual([]);
      const info = await call(learner, 'GET', '/account/cme');
      expect(info.status).toBe(200);
      expect(info.body).toEqual({ data: { DOB: '03/04/1981', ...NO_LICENCE } });
    });

    it('the licence fields round-trip, stored encrypted: the log and the read model hold no plain text', async () => {
      const who = await login('cmeprint@demo.test');
      const saved = await call<Saved<Record<string, string | null>>>(who, 'PUT', '/account/cme', {
        DOB: '07/14/1969',
        LICENSESTATE: ' ny ',
        LICENSENUMBER: ' 27419-83Q ',
        BOARDID: 'ABIM 204417',
      });
      expect(saved.status).toBe(200);
      const licence = { LICENSESTATE: 'NY', LICENSENUMBER: '27419-83Q', BOARDID: 'ABIM 204417' };
      expect(saved.body.data).toEqual({ DOB: '07/14/1969', ...licence });
      expect((await call(who, 'GET', '/account/cme')).body).toEqual({ data: { DOB: '07/14/1969', ...licence } });

      const id = customerIdOf(who);
      const { rows } = await shop.shop.pool.query<{ type: string; data: Record<string, unknown> }>(
        `SELECT type, data FROM es_events WHERE stream_id = $1 AND type IN ('DateOfBirthRecorded', 'CmeLicenceRecorded')
          ORDER BY revision`,
        [`customer-${id}`],
      );
      expect(rows.map((r) => r.type)).toEqual(['DateOfBirthRecorded', 'CmeLicenceRecorded']);
      expect(rows[1]!.data.licenceEncrypted).toMatch(/^v1\./);
      const stored =
        JSON.stringify(rows) +
        JSON.stringify(
          (
            await shop.shop.pool.query(
              'SELECT dob_encrypted, licence_encrypted FROM customers WHERE customer_id = $1',
              [id],
            )
          ).rows,
        );
      for (const plain of ['27419', '204417', 'ABIM', '"NY"', '1969', 'licenseNumber'])
        expect(stored).not.toContain(plain);

      // One half of the licence alone is named; empty fields clear the licence (recorded as null, nothing to read).
      const half = await call(who, 'PUT', '/account/cme', { DOB: '07/14/1969', LICENSESTATE: 'NY' });
      expect(half.status).toBe(400);
      expect(half.body.message).toEqual([LICENSE_PAIR_MESSAGE]);
      const cleared = await call(who, 'PUT', '/account/cme', {
        DOB: '07/14/1969',
        LICENSESTATE: '',
        LICENSENUMBER: '',
        BOARDID: null,
      });
      expect(cleared.status).toBe(200);
      expect((await call(who, 'GET', '/account/cme')).body).toEqual({ data: { DOB: '07/14/1969', ...NO_LICENCE } });
      const last = await shop.shop.pool.query<{ data: { licenceEncrypted: string | null } }>(
        `SELECT data FROM es_events WHERE stream_id = $1 AND type = 'CmeLicenceRecorded' ORDER BY revision DESC LIMIT 1`,
        [`customer-${id}`],
      );
      expect(last.rows[0]!.data.licenceEncrypted).toBeNull();
    });

    it('answers 400 naming each bad licence field', async () => {
      const cme = await login('cme@demo.test');
      const cases: [Record<string, unknown>, string[]][] = [
        [{ LICENSESTATE: 'XX', LICENSENUMBER: '123' }, [LICENSE_STATE_MESSAGE]],
        [{ LICENSESTATE: 'New York', LICENSENUMBER: '123' }, [LICENSE_STATE_MESSAGE]],
        [{ LICENSESTATE: 'NY', LICENSENUMBER: '12/34' }, [LICENSE_NUMBER_MESSAGE]],
        [{ LICENSESTATE: 'NY', LICENSENUMBER: 'x'.repeat(31) }, [LICENSE_NUMBER_MESSAGE]],
        [{ LICENSENUMBER: '123' }, [LICENSE_PAIR_MESSAGE]],
        [{ BOARDID: '#1' }, [BOARD_ID_MESSAGE]],
        [{ BOARDID: 42 }, [BOARD_ID_MESSAGE]],
      ];
      for (const [fields, message] of cases) {
        const answer = await call(cme, 'PUT', '/account/cme', { DOB: '04/12/1975', ...fields });
        expect({ fields, status: answer.status, message: answer.body.message }).toEqual({
          fields,
          status: 400,
          message,
        });
      }
    });
  });
});
