import { randomInt, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PayResponse, Quote } from '#libs/contracts/cart.js';
import { decryptDob } from '#libs/crypto/dob.js';
import { luhnValid } from '#libs/payments/sandbox-gateway.js';
import { killGroup, MAIN, type ShopProcess, startShopProcess } from '../crash/shop-process.js';
import { checkoutContact } from '../support/checkout-fixtures.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { freePort } from '../support/free-port.js';
import { type Caller, shopClient } from '../support/shop-client.js';

jest.setTimeout(120_000);

/** A Luhn-valid card number of 16 digits, new each run, so nothing else in the run can hold it by chance. */
function randomCard(prefix: string): string {
  const body = prefix + Array.from({ length: 15 - prefix.length }, () => String(randomInt(10))).join('');
  const check = [...Array(10).keys()].map(String).find((d) => luhnValid(body + d))!;
  return body + check;
}
/** A number the gateway refuses (its check digit made wrong). */
function luhnInvalidCard(): string {
  const valid = randomCard('4');
  return valid.slice(0, 15) + String((Number(valid[15]) + 1) % 10);
}
const grouped = (digits: string, separator: string): string => digits.match(/.{4}/g)!.join(separator);
/**
 * Where the text holds `code` as a token of its own (the 30 characters around it), or null: not
 * inside a longer run of digits, letters, `-`, `_`, `+` or `/` (hex ids, base64 of either alphabet,
 * encrypted values), nor in a decimal number's fraction (a measured duration such as 2.0915 can hold a
 * 4-digit code by chance). A fresh clone's run once found the declined card's code in the tables and
 * events; the context now says where, should it happen again.
 */
const tokenAt = (text: string, code: string): string | null => {
  const at = new RegExp(`(?<![0-9A-Za-z_+/-]|[0-9]\\.)${code}(?![0-9A-Za-z_+/-])`).exec(text)?.index;
  return at === undefined ? null : text.slice(Math.max(0, at - 30), at + code.length + 30);
};
const isoOf = (mmddyyyy: string): string => {
  const [mm, dd, yyyy] = mmddyyyy.split('/');
  return `${yyyy}-${mm}-${dd}`;
};

/**
 * Issue 9: "A test reads every table, log line and event of a run that saved a card and a date of birth
 * and finds no card number, no security code and no plain date of birth." Issue 19 adds the passwords
 * typed on the profile tab (a new one and a wrong current one).The built shop
 * (`node dist/apps/api/main.js`, needs `npm run build:server`) runs as its own process with logging at
 * debug, on a fresh database; a customer saves a card on the Card tab, pays CME with a typed card kept
 * on file and a date of birth, and saves a date of birth on the CME tab. Then every row of every table
 * of every schema (the event store's `es_events` among them) and every line the process wrote are
 * searched.
 */
describe('no card number, security code or plain date of birth anywhere', () => {
  const tabCard = { CC: randomCard('4'), MONTH: '09', YEAR: '2032', SC: '0739' };
  const checkoutCard = { CC: randomCard('51'), MONTH: '11', YEAR: '2033', SC: '0482' };
  const declinedCard = { CC: luhnInvalidCard(), MONTH: '10', YEAR: '2031', SC: '0915' };
  const checkoutDob = '11/05/1958';
  const tabDob = '07/19/1963';
  /** The CME info tab's licence number and ABMS board id: kept only encrypted. */
  const tabLicence = 'KSL-5550173';
  const tabBoard = 'ABIM-8834201';
  const dobKey = [...Array(64)].map(() => randomInt(16).toString(16)).join('');
  const newPassword = `Changed-${randomUUID()}`;
  const wrongCurrentPassword = `Wrong-${randomUUID()}`;

  let db: TestDatabase | undefined;
  let dataDir: string | undefined;
  let shop: ShopProcess | undefined;
  let baseUrl = '';
  const { call, loginAs } = shopClient(() => baseUrl);

  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run npm run build:server first`);
    db = await createTestDatabase();
    dataDir = await mkdtemp(join(tmpdir(), 'shop-no-secrets-'));
    const port = await freePort();
    shop = startShopProcess({
      dataDir,
      port,
      pgPort: await freePort(),
      env: {
        DATABASE_URL: db.url,
        JWT_SECRET: 'no-secrets-test-jwt-secret-0123456789-abcdef',
        DOB_ENCRYPTION_KEY: dobKey,
        SEED_DEMO: 'true',
        // The demo videos' background import would load the machine under test.
        DEMO_VIDEOS: 'false',
        LOG_LEVEL: 'debug',
      },
    });
    await shop.opened(90_000);
    baseUrl = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    if (shop && shop.child.exitCode === null && shop.child.signalCode === null) {
      shop.child.kill('SIGTERM');
      const timer = new AbortController();
      const stopped = await Promise.race([
        shop.exited().then(() => true),
        sleep(20_000, false, { signal: timer.signal }).catch(() => false),
      ]);
      timer.abort();
      if (!stopped) killGroup(shop);
    }
    await db?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('a run that saved cards, dates of birth and a new password leaves none of them in a table, an event or a log line', async () => {
    const who: Caller = { token: (await loginAs('learner@demo.test')).token };

    // The Card tab: a card kept, a card declined, a card refused by the field rules.
    const saved = await call(who, 'PUT', '/account/card', { pay: { ...tabCard, CC: grouped(tabCard.CC, ' ') } });
    expect(saved.status).toBe(200);
    const declined = await call(who, 'PUT', '/account/card', { pay: declinedCard });
    expect(declined.status).toBe(402);
    const refused = await call(who, 'PUT', '/account/card', { pay: { ...tabCard, CC: `${tabCard.CC}1`, SC: '07391' } });
    expect(refused.status).toBe(400);

    // Checkout: CME with a date of birth, paid with a typed card kept on file.
    expect((await call(who, 'POST', '/cart/items', { QTY: 1, PRODUCTID: 155 })).status).toBe(200);
    const quote = await call<Quote>(who, 'POST', '/checkout/quote', { COUNTRY: 'USA', STATE: 'KS', SHIPPING: 1 });
    const paid = await call<PayResponse>(
      who,
      'POST',
      '/checkout/pay',
      {
        ATTJSON: { ...checkoutContact({ STATE: 'KS' }), DOB: checkoutDob },
        BILLINGJSON: null,
        CARD: { ...checkoutCard, CC: grouped(checkoutCard.CC, '-') },
        SAVE_CARD: true,
        SHIPPING: 1,
        TOTAL: quote.body.TOTAL,
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(paid.body.ERRORS).toEqual([]);
    expect((await call(who, 'GET', '/account/cme')).body).toEqual({
      data: { DOB: checkoutDob, LICENSESTATE: null, LICENSENUMBER: null, BOARDID: null },
    });

    // The CME info tab (the CME bought above gave the role), with its licence fields.
    const dob = await call(who, 'PUT', '/account/cme', {
      DOB: tabDob,
      LICENSESTATE: 'KS',
      LICENSENUMBER: tabLicence,
      BOARDID: tabBoard,
    });
    expect(dob.status).toBe(200);

    // The profile: a new password typed with a wrong current password (refused), then with the right one.
    const profile = { firstname: 'Lee', lastname: 'Learner', specialty: 'Plastic Surgery', email: 'learner@demo.test' };
    const refusedPassword = await call(who, 'PUT', '/account/profile', {
      ...profile,
      password: newPassword,
      currentPassword: wrongCurrentPassword,
    });
    expect(refusedPassword.status).toBe(400);
    const changedPassword = await call(who, 'PUT', '/account/profile', {
      ...profile,
      password: newPassword,
      currentPassword: 'Demo-pass-2026',
    });
    expect(changedPassword.status).toBe(200);

    // Every row of every table of every schema.
    const tables = await db!.pool.query<{ table_schema: string; table_name: string }>(
      `SELECT table_schema, table_name FROM information_schema.tables
        WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
    const dumps: string[] = [];
    for (const t of tables.rows) {
      const { rows } = await db!.pool.query<{ row: string }>(
        `SELECT row_to_json(t)::text AS row FROM ${quoted(t.table_schema)}.${quoted(t.table_name)} t`,
      );
      dumps.push(`${t.table_schema}.${t.table_name}\n${rows.map((r) => r.row).join('\n')}`);
    }
    const tablesText = dumps.join('\n');
    const logText = shop!.output();

    // The search could find something: the dump and the log are the real ones.
    const names = tables.rows.map((t) => t.table_name);
    expect(names).toEqual(expect.arrayContaining(['es_events', 'customers', 'cards_on_file', 'rate_limits']));
    expect(tablesText).toContain('"type":"CardSavedOnFile"');
    expect(tablesText).toContain('"type":"DateOfBirthRecorded"');
    expect(tablesText).toContain('"type":"CmeLicenceRecorded"');
    expect(tablesText).toContain('"type":"PasswordChanged"');
    for (const card of [tabCard, checkoutCard]) {
      expect(tablesText).toMatch(new RegExp(`"last4": ?"${card.CC.slice(-4)}"`));
    }
    const stored = await db!.pool.query<{ dob_encrypted: string | null }>(
      `SELECT dob_encrypted FROM customers WHERE email = 'learner@demo.test'`,
    );
    expect(stored.rows[0]?.dob_encrypted).toMatch(/^v1\./);
    expect(decryptDob(stored.rows[0]!.dob_encrypted!, dobKey)).toBe(tabDob);
    expect(logText).toContain('/api/account/card');
    expect(logText).toContain('/api/account/cme');
    expect(logText).toContain('/api/checkout/pay');

    for (const [where, text] of [
      ['tables and events', tablesText],
      ['log lines', logText],
    ] as const) {
      for (const card of [tabCard, checkoutCard, declinedCard]) {
        for (const form of [card.CC, grouped(card.CC, ' '), grouped(card.CC, '-'), card.CC.slice(0, 12)]) {
          expect({ where, found: text.includes(form) ? form : null }).toEqual({ where, found: null });
        }
        expect({ where, code: card.SC, found: tokenAt(text, card.SC) }).toEqual({ where, code: card.SC, found: null });
      }
      expect({ where, found: tokenAt(text, '07391') }).toEqual({ where, found: null });
      // A password typed on the profile tab, new or current, right or wrong: only its argon2id hash is kept.
      for (const password of [newPassword, wrongCurrentPassword]) {
        expect({ where, found: text.includes(password) ? password : null }).toEqual({ where, found: null });
      }
      for (const plain of [checkoutDob, tabDob, isoOf(checkoutDob), isoOf(tabDob), tabLicence, tabBoard]) {
        expect({ where, found: text.includes(plain) ? plain : null }).toEqual({ where, found: null });
      }
      // The MM/DD/YYYY form as JSON writes it ("\/" is a JSON escape of "/").
      for (const plain of [checkoutDob, tabDob]) {
        expect({ where, found: text.includes(plain.replace(/\//g, '\\/')) }).toEqual({ where, found: false });
      }
    }
  });
});
