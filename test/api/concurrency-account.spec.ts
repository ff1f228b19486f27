import type { Pool } from 'pg';
import { EVENT_STORE, PG_POOL } from '#apps/api/infrastructure/tokens.js';
import { type Customer, customerDecider } from '#libs/domain/customer/customer.decider.js';
import { type CustomerEvent, customerStreamId } from '#libs/domain/customer/customer.events.js';
import { fold } from '#libs/domain/kernel/decider.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { autoRenewSettingsOf, findAccount, findCustomerById } from '#libs/read-models/customers.js';
import { isSessionActive } from '#libs/read-models/sessions.js';
import { useTestShop } from '../support/app.js';
import { fireAtOnce, unexpectedStatuses } from '../support/concurrency.js';
import { type Caller, shopClient } from '../support/shop-client.js';

const AT_ONCE = 30;

/**
 * A careless user (or a script) sends each account write 30 times at once from one account: every
 * answer is the write's own (200), a 409 "changed at the same moment" or the write's documented 4xx,
 * never a 5xx; afterwards the customer's stream folds to what the read model shows.
 */
describe('account writes sent 30 at once by one account', () => {
  const shop = useTestShop({ seedDemo: true });
  const { call, loginAs } = shopClient(() => shop.baseUrl);
  const login = async (email: string): Promise<Caller> => ({ token: (await loginAs(email)).token });
  const customerIdOf = (who: Caller): string =>
    (JSON.parse(Buffer.from(who.token!.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;

  const folded = async (customerId: string): Promise<Customer> => {
    const events = await shop.app.get<EventStore>(EVENT_STORE).readStream(customerStreamId(customerId));
    return fold(customerDecider, events as unknown as CustomerEvent[]);
  };

  /** The customer's stream and the account read model tell the same story. */
  const expectConsistent = async (customerId: string): Promise<void> => {
    const state = await folded(customerId);
    const row = await findAccount(shop.app.get<Pool>(PG_POOL), customerId);
    expect(row).not.toBeNull();
    const address = (a: Customer['shipping']) =>
      a === null
        ? null
        : { ADDRESS: a.address, ADDRESS2: a.address2, CITY: a.city, STATE: a.state, ZIP: a.zip, COUNTRY: a.country };
    expect({
      ...state.profile,
      email: state.email,
      pendingEmail: state.pendingEmail?.email ?? null,
      autorenew: state.autorenew,
      custshiptoaddress: address(state.shipping),
      custbilltoaddress: address(state.billing),
    }).toEqual(row);
  };

  const expectOnly = (statuses: Record<number, number>, allowed: number[]) => {
    expect(unexpectedStatuses(statuses, allowed)).toEqual({});
    expect(Object.values(statuses).reduce((a, b) => a + b, 0)).toBe(AT_ONCE);
  };

  it('PUT /api/account/profile: 200 or 409, and the stream folds to the read model', async () => {
    const who = await login('learner@demo.test');
    const { statuses, results } = await fireAtOnce(AT_ONCE, (n) =>
      call(who, 'PUT', '/account/profile', {
        firstname: `Lee${n}`,
        lastname: 'Learner',
        specialty: 'Dermatology/Dermatologic Surgery',
        status: n % 2 === 0 ? 'Fellow' : 'Resident',
        phone: `555-01${String(n).padStart(2, '0')}`,
        email: 'learner@demo.test',
        autorenew: n % 2 === 0 ? 1 : 0,
      }),
    );
    expectOnly(statuses, [200, 409]);
    expect(statuses[200]).toBeGreaterThan(0);
    for (const r of results as { status: number; body?: { ERROR?: string } }[]) {
      if (r.status === 409) expect(r.body?.ERROR).toMatch(/changed at the same moment/);
    }
    await expectConsistent(customerIdOf(who));
  });

  it('PUT /api/account/profile, a new email from some, the old one from others: the reservation follows the stream', async () => {
    const who = await login('reader@demo.test');
    const customerId = customerIdOf(who);
    const { statuses, results } = await fireAtOnce(AT_ONCE, (n) =>
      call(who, 'PUT', '/account/profile', {
        firstname: `Riley${n}`,
        lastname: 'Reader',
        specialty: 'Plastic Surgery',
        email: n % 3 === 0 ? 'reader@demo.test' : `reader${n}@demo.test`,
        currentPassword: 'Demo-pass-2026',
        ...(n % 10 === 0 ? { password: `New-pass-${n}-2026` } : {}),
      }),
    );
    // 429: the current password is counted on the login's counters before it is checked (10 per account and address).
    // 400: a request that saved a new password first makes 'Demo-pass-2026' no longer the current one.
    expectOnly(statuses, [200, 400, 409, 429]);
    for (const r of results as { status: number; body?: { ERROR?: string } }[]) {
      if (r.status === 400) expect(r.body?.ERROR).toBe('Your current password is not correct.');
    }
    if (statuses[400]) {
      const events = await shop.app.get<EventStore>(EVENT_STORE).readStream(customerStreamId(customerId));
      expect(events.some((e) => e.type === 'PasswordChanged')).toBe(true);
    }
    await expectConsistent(customerId);
    const { email } = await folded(customerId);
    const held = await shop.app
      .get<Pool>(PG_POOL)
      .query<{ email: string }>('SELECT email FROM email_reservations WHERE customer_id = $1', [customerId]);
    expect(held.rows).toEqual([{ email }]);
  });

  it('PUT /api/account/profile asking one new email 30 at once: one request recorded, one pair of mails', async () => {
    const who = await login('resident@demo.test');
    const customerId = customerIdOf(who);
    const { statuses } = await fireAtOnce(AT_ONCE, () =>
      call(who, 'PUT', '/account/profile', {
        firstname: 'Rae',
        lastname: 'Resident',
        specialty: 'Plastic Surgery',
        status: 'Resident',
        email: 'resident.new@demo.test',
        currentPassword: 'Demo-pass-2026',
      }),
    );
    expectOnly(statuses, [200, 409, 429]);
    expect(statuses[200]).toBeGreaterThan(0);
    const events = await shop.app.get<EventStore>(EVENT_STORE).readStream(customerStreamId(customerId));
    expect(events.filter((e) => e.type === 'EmailChangeRequested')).toHaveLength(1);
    const state = await folded(customerId);
    expect(state).toMatchObject({ email: 'resident@demo.test', pendingEmail: { email: 'resident.new@demo.test' } });
    const pool = shop.app.get<Pool>(PG_POOL);
    const mails = await pool.query<{ text_body: string }>('SELECT text_body FROM mail_outbox WHERE to_address = $1', [
      'resident.new@demo.test',
    ]);
    expect(mails.rows).toHaveLength(1);
    const held = await pool.query('SELECT email FROM email_reservations WHERE customer_id = $1', [customerId]);
    expect(held.rows).toEqual([{ email: 'resident@demo.test' }]);
    await expectConsistent(customerId);

    // Its confirm link followed 30 times at once: one 200; the others 409 or 400 (the link is used).
    const match = /user\/confirm-email\?tolken=([^&\s]+)&id=(\S+)/.exec(mails.rows[0]!.text_body)!;
    const link = { TOKEN: decodeURIComponent(match[1]!), ID: decodeURIComponent(match[2]!) };
    const confirmed = await fireAtOnce(AT_ONCE, () => call({}, 'POST', '/users/confirm-email', link));
    expectOnly(confirmed.statuses, [200, 400, 409]);
    expect(confirmed.statuses[200]).toBe(1);
    const moved = await pool.query('SELECT email FROM email_reservations WHERE customer_id = $1', [customerId]);
    expect(moved.rows).toEqual([{ email: 'resident.new@demo.test' }]);
    expect((await folded(customerId)).email).toBe('resident.new@demo.test');
  });

  it('PUT /api/account/shipping and /billing: 200 or 409, and the stream folds to the read model', async () => {
    const who = await login('streamer@demo.test');
    for (const tab of ['shipping', 'billing']) {
      const { statuses } = await fireAtOnce(AT_ONCE, (n) =>
        call(who, 'PUT', `/account/${tab}`, {
          ADDRESS: `${n} Main St`,
          CITY: 'Springfield',
          STATE: 'MO',
          ZIP: `658${String(n).padStart(2, '0')}`,
          COUNTRY: 'USA',
        }),
      );
      expectOnly(statuses, [200, 409]);
    }
    await expectConsistent(customerIdOf(who));
  });

  it('PUT /api/account/auto-renew: 200 or 409, and the stream folds to the read model', async () => {
    const who = await login('complete@demo.test');
    const { statuses } = await fireAtOnce(AT_ONCE, (n) =>
      call(who, 'PUT', '/account/auto-renew', { autorenew: n % 2 }),
    );
    expectOnly(statuses, [200, 409]);
    await expectConsistent(customerIdOf(who));
  });

  it("PUT /api/account/auto-renew/:type among the account's own: 200 or 409, and each subscription's setting folds to the read model", async () => {
    const who = await login('complete@demo.test');
    const types = ['qmpcomplete', 'elearning', 'streaming_all', 'cme'] as const;
    const { statuses } = await fireAtOnce(AT_ONCE, (n) =>
      n % 5 === 0
        ? call(who, 'PUT', '/account/auto-renew', { autorenew: n % 2 })
        : call(who, 'PUT', `/account/auto-renew/${types[n % 4]}`, { autorenew: n % 2 }),
    );
    expectOnly(statuses, [200, 409]);
    const customerId = customerIdOf(who);
    const state = await folded(customerId);
    const row = await findCustomerById(shop.app.get<Pool>(PG_POOL), customerId);
    expect(autoRenewSettingsOf(row)).toEqual({ account: state.autorenew, subscriptions: state.autorenewSubscriptions });
    await expectConsistent(customerId);
  });

  it("PUT /api/account/cme: 200 or 409, and the date of birth and licence read back are one save's", async () => {
    const who = await login('cme@demo.test');
    const dobOf = (n: number) => `01/${String(n + 1).padStart(2, '0')}/1970`;
    const { statuses } = await fireAtOnce(AT_ONCE, (n) =>
      call(who, 'PUT', '/account/cme', { DOB: dobOf(n), LICENSESTATE: 'NY', LICENSENUMBER: `N-${n}` }),
    );
    expectOnly(statuses, [200, 409]);
    const read = await call<{ data: { DOB: string; LICENSENUMBER: string } }>(who, 'GET', '/account/cme');
    const n = Array.from({ length: AT_ONCE }, (_, i) => dobOf(i)).indexOf(read.body.data.DOB);
    expect(n).toBeGreaterThanOrEqual(0);
    // Both are recorded by one append: never the date of one save with the licence of another.
    expect(read.body.data.LICENSENUMBER).toBe(`N-${n}`);
    await expectConsistent(customerIdOf(who));
  });

  it('PUT /api/account/card: 200, 409 or the documented 429 of the card-testing guard', async () => {
    const who = await login('cmeprint@demo.test');
    const { statuses } = await fireAtOnce(AT_ONCE, (n) =>
      call(who, 'PUT', '/account/card', {
        pay: { CC: '4242424242424242', MONTH: String((n % 12) + 1).padStart(2, '0'), YEAR: '2031', SC: '123' },
      }),
    );
    expectOnly(statuses, [200, 409, 429]);
    expect(statuses[200]).toBeGreaterThan(0);
    const card = await call<{ data: { LAST4: string } | null }>(who, 'GET', '/card');
    expect(card.body.data?.LAST4).toBe('4242');
  });

  it('POST /api/auth/logout: 204, or 401 once the session has ended; the session is over', async () => {
    const who = await login('learner@demo.test');
    const logout = async () => {
      const response = await fetch(`${shop.baseUrl}/api/auth/logout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${who.token!}` },
      });
      await response.arrayBuffer();
      return { status: response.status };
    };
    const { statuses } = await fireAtOnce(AT_ONCE, logout);
    expectOnly(statuses, [204, 401, 409]);
    expect(statuses[204]).toBeGreaterThan(0);
    expect((await call(who, 'GET', '/auth/me')).status).toBe(401);
    const claims = JSON.parse(Buffer.from(who.token!.split('.')[1]!, 'base64url').toString()) as { sid: string };
    expect(await isSessionActive(shop.app.get<Pool>(PG_POOL), customerIdOf(who), claims.sid)).toBe(false);
    expect((await folded(customerIdOf(who))).activeSessions).not.toContain(claims.sid);
  });

  it('POST /api/auth/login 30 at once: 200, 409 or the documented 429; exactly one session stays active', async () => {
    const { statuses, results } = await fireAtOnce(AT_ONCE, () =>
      call<{ token?: string }>({}, 'POST', '/auth/login', {
        email: 'streamer@demo.test',
        password: 'Demo-pass-2026',
        version: 5,
      }),
    );
    expectOnly(statuses, [200, 409, 429]);
    const tokens = (results as { status: number; body: { token?: string } }[])
      .filter((r) => r.status === 200)
      .map((r) => r.body.token!);
    const customerId = customerIdOf({ token: tokens[0]! });
    const { activeSessions } = await folded(customerId);
    expect(activeSessions).toHaveLength(1);
    const active = await shop.app
      .get<Pool>(PG_POOL)
      .query<{ session_id: string }>('SELECT session_id FROM sessions WHERE customer_id = $1 AND ended_at IS NULL', [
        customerId,
      ]);
    expect(active.rows.map((r) => r.session_id)).toEqual(activeSessions);
    // One device per account: of the tokens handed out, only the last session's still works.
    const me = await Promise.all(tokens.map((token) => call({ token }, 'GET', '/auth/me')));
    expect(me.filter((r) => r.status === 200)).toHaveLength(1);
    expect(me.filter((r) => r.status !== 200).every((r) => r.status === 401)).toBe(true);
  });

  it('POST /api/users/register of one email 30 at once: one 201, the rest 409; one account', async () => {
    const email = 'twin@example.test';
    const { statuses } = await fireAtOnce(AT_ONCE, (n) =>
      call({}, 'POST', '/users/register', {
        FIRSTNAME: `Twin${n}`,
        LASTNAME: 'Example',
        SPECIALTY: 'Plastic Surgery',
        EMAIL: email,
        PASSWORD: 'Twin-pass-2026',
        autorenew: 0,
        agree: 1,
        VERSION: 5,
      }),
    );
    expect(statuses).toEqual({ 201: 1, 409: AT_ONCE - 1 });
    const { rows } = await shop.app
      .get<Pool>(PG_POOL)
      .query<{ customer_id: string }>('SELECT customer_id FROM customers WHERE email = $1', [email]);
    expect(rows).toHaveLength(1);
    expect((await folded(rows[0]!.customer_id)).email).toBe(email);
  });
});
