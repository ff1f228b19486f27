import { randomUUID } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import type { Pool } from 'pg';
import { EVENT_STORE, PG_POOL, PROJECTION_WAITER } from '#apps/api/infrastructure/tokens.js';
import { customerStreamId } from '#libs/domain/customer/customer.events.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import type { ProjectionWaiter } from '#libs/read-models/projector.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { shopClient } from '../support/shop-client.js';

const SAVED = 'You have successfully saved your info.';
const TAKEN = 'This email is already in use. If you have forgotten your password click here.';
const DEMO_PASSWORD = 'Demo-pass-2026';

/** The account page's profile, shipping and billing tabs over real HTTP (signed-in sections 2, 5, 7, 8). */
describe('account API', () => {
  let shop: TestApp;
  const { call } = shopClient(() => shop.baseUrl);

  beforeAll(async () => {
    shop = await createTestApp({ seedDemo: true });
  });
  afterAll(async () => {
    await shop?.close();
  });

  const login = async (email: string, password = DEMO_PASSWORD) =>
    call<{ token: string }>({}, 'POST', '/auth/login', { email, password, version: 5 });
  const tokenOf = async (email: string, password = DEMO_PASSWORD): Promise<string> => {
    const { status, body } = await login(email, password);
    expect(status).toBe(200);
    return body.token;
  };
  const customerIdOf = (token: string): string =>
    (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;

  const profileOf = (email: string, extra: Record<string, unknown> = {}) => ({
    firstname: 'Riley',
    lastname: 'Reader',
    suffix: 'Jr.',
    specialty: 'Plastic Surgery',
    status: 'Fellow',
    phone: '555-0199',
    email,
    ...extra,
  });
  const home = {
    ADDRESS: '1 Main St',
    ADDRESS2: 'Suite 2',
    CITY: 'Springfield',
    STATE: 'MO',
    ZIP: '65801',
    COUNTRY: 'USA',
  };
  const abroad = { ADDRESS: '10 High St', CITY: 'London', STATE: 'NOTUS', ZIP: 'SW1A 2AA', COUNTRY: 'GBR' };

  it('needs a login', async () => {
    expect((await call({}, 'GET', '/account')).status).toBe(401);
    expect((await call({}, 'PUT', '/account/shipping', home)).status).toBe(401);
  });

  it('saves the profile and reads it back', async () => {
    const token = await tokenOf('reader@demo.test');
    const saved = await call<{ success: number; message: string; data: Record<string, unknown> }>(
      { token },
      'PUT',
      '/account/profile',
      profileOf('reader@demo.test', { autorenew: 0 }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ success: 1, message: SAVED });
    const { status, body } = await call<{ data: Record<string, unknown> }>({ token }, 'GET', '/account');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      firstname: 'Riley',
      lastname: 'Reader',
      suffix: 'Jr.',
      specialty: 'Plastic Surgery',
      status: 'Fellow',
      phone: '555-0199',
      email: 'reader@demo.test',
      autorenew: 0,
    });
    expect(JSON.stringify(body)).not.toMatch(/password|hash/i);
  });

  it('saves shipping and billing addresses and auto-renew, and reads them back', async () => {
    const token = await tokenOf('resident@demo.test');
    expect((await call({ token }, 'PUT', '/account/shipping', home)).status).toBe(200);
    expect((await call({ token }, 'PUT', '/account/billing', abroad)).status).toBe(200);
    expect((await call({ token }, 'PUT', '/account/auto-renew', { autorenew: 1 })).status).toBe(200);
    const { body } = await call<{ data: Record<string, unknown> }>({ token }, 'GET', '/account');
    expect(body.data).toMatchObject({
      custshiptoaddress: home,
      custbilltoaddress: { ...abroad, ADDRESS2: '' },
      autorenew: 1,
    });
    const off = await call<{ data: { autorenew: number } }>({ token }, 'PUT', '/account/auto-renew', { autorenew: 0 });
    expect(off.body.data.autorenew).toBe(0);
  });

  /** The tolken and id of the newest confirm-email link mailed to `email` (the shop's outbox: no SMTP here). */
  const confirmLink = async (email: string): Promise<{ ID: string; TOKEN: string }> => {
    const { rows } = await shop.app
      .get<Pool>(PG_POOL)
      .query<{ text_body: string }>(
        'SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
        [email],
      );
    const match = /user\/confirm-email\?tolken=([^&\s]+)&id=(\S+)/.exec(rows[0]?.text_body ?? '');
    if (!match) throw new Error(`no confirm link for ${email}`);
    return { TOKEN: decodeURIComponent(match[1]!), ID: decodeURIComponent(match[2]!) };
  };

  it('moves the email once confirmed: the new one logs in, the old one no longer does and is free for another account', async () => {
    const token = await tokenOf('iflap@demo.test');
    const moved = await call<{ data: { email: string; pendingEmail: string } }>(
      { token },
      'PUT',
      '/account/profile',
      profileOf('IFlap.New@demo.test', { currentPassword: DEMO_PASSWORD }),
    );
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ email: 'iflap@demo.test', pendingEmail: 'iflap.new@demo.test' });
    expect((await call({}, 'POST', '/users/confirm-email', await confirmLink('iflap.new@demo.test'))).status).toBe(200);
    expect((await login('iflap@demo.test')).status).toBe(401);
    const again = await tokenOf('iflap.new@demo.test');
    const { body } = await call<{ data: { email: string } }>({ token: again }, 'GET', '/account');
    expect(body.data.email).toBe('iflap.new@demo.test');
    const other = await tokenOf('resident@demo.test');
    expect(
      (
        await call(
          { token: other },
          'PUT',
          '/account/profile',
          profileOf('iflap@demo.test', { currentPassword: DEMO_PASSWORD }),
        )
      ).status,
    ).toBe(200);
    expect((await call({}, 'POST', '/users/confirm-email', await confirmLink('iflap@demo.test'))).status).toBe(200);
    expect((await login('iflap@demo.test')).status).toBe(200);
  });

  it("an email held by another account answers 409 with the spec's message", async () => {
    const token = await tokenOf('streamer@demo.test');
    const { status, body } = await call({ token }, 'PUT', '/account/profile', profileOf('learner@demo.test'));
    expect(status).toBe(409);
    expect(body.error).toBe(TAKEN);
    const { body: after } = await call<{ data: { email: string } }>({ token }, 'GET', '/account');
    expect(after.data.email).toBe('streamer@demo.test');
  });

  it('two accounts confirming the same new email at once: one wins, the other gets 409', async () => {
    const [a, b] = [await tokenOf('complete@demo.test'), await tokenOf('cmeprint@demo.test')];
    const target = 'contested@demo.test';
    const links = [];
    for (const token of [a, b]) {
      const asked = await call(
        { token },
        'PUT',
        '/account/profile',
        profileOf(target, { currentPassword: DEMO_PASSWORD }),
      );
      expect(asked.status).toBe(200);
      links.push(await confirmLink(target));
    }
    const results = await Promise.all(links.map((link) => call({}, 'POST', '/users/confirm-email', link)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.error).toBe(TAKEN);
    const winner = results[0]!.status === 200 ? a : b;
    const loser = winner === a ? b : a;
    expect((await call<{ data: { email: string } }>({ token: winner }, 'GET', '/account')).body.data.email).toBe(
      target,
    );
    expect((await call<{ data: { email: string } }>({ token: loser }, 'GET', '/account')).body.data.email).not.toBe(
      target,
    );
    expect((await login(target)).status).toBe(200);
  });

  it('a password change ends every other session and keeps this one', async () => {
    const token = await tokenOf('learner@demo.test');
    const customerId = customerIdOf(token);
    // A second device whose session runs at the same time (a login would have ended the first one).
    const store = shop.app.get<EventStore>(EVENT_STORE);
    const other = randomUUID();
    const { position } = await store.append(
      customerStreamId(customerId),
      [
        {
          type: 'SessionStarted',
          data: { customerId, sessionId: other, startedAt: new Date().toISOString(), via: 'password' },
          metadata: {
            correlationId: other,
            causationId: other,
            actorId: customerId,
            occurredAt: new Date().toISOString(),
            schemaVersion: 1,
          },
        },
      ],
      'any',
    );
    await shop.app.get<ProjectionWaiter>(PROJECTION_WAITER).waitFor(position);
    const otherToken = await shop.app.get(JwtService).signAsync({ sub: customerId, sid: other });
    expect((await call({ token: otherToken }, 'GET', '/account')).status).toBe(200);

    const changed = await call({ token }, 'PUT', '/account/profile', {
      ...profileOf('learner@demo.test'),
      password: 'New-secret-2026',
      currentPassword: DEMO_PASSWORD,
    });
    expect(changed.status).toBe(200);
    expect((await call({ token: otherToken }, 'GET', '/account')).status).toBe(401);
    expect((await call({ token }, 'GET', '/account')).status).toBe(200);
    expect((await login('learner@demo.test')).status).toBe(401);
    expect((await login('learner@demo.test', 'New-secret-2026')).status).toBe(200);
  });

  it('bad input answers 400 with every message', async () => {
    const token = await tokenOf('cme@demo.test');
    const profile = await call({ token }, 'PUT', '/account/profile', {
      firstname: ' ',
      lastname: '',
      specialty: '',
      email: 'not-an-email',
      password: 'short',
      phone: '1'.repeat(21),
      suffix: 'Esq.',
    });
    expect(profile.status).toBe(400);
    expect(profile.body.message).toEqual(
      expect.arrayContaining([
        'First Name is required.',
        'Last Name is required.',
        'Specialty is required.',
        'Email must be a valid email address.',
        'Password must be at least 8 characters or more.',
        'Phone must be at most 20 characters.',
        'Suffix must be one of Jr., Sr., I, II, III, IV.',
      ]),
    );
    const empty = await call({ token }, 'PUT', '/account/shipping', {
      ADDRESS: '',
      CITY: '',
      STATE: '',
      ZIP: '',
      COUNTRY: '',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toEqual([
      'Address is required.',
      'City is required.',
      'State is required.',
      'Zip Code is required.',
      'Country is required.',
    ]);
    const long = await call({ token }, 'PUT', '/account/billing', {
      ...home,
      ADDRESS: 'x'.repeat(60),
      ADDRESS2: 'y'.repeat(60),
    });
    expect(long.body.message).toEqual([
      'Address must be at most 59 characters.',
      'Address 2 must be at most 59 characters.',
    ]);
    const mismatched = await call({ token }, 'PUT', '/account/shipping', { ...home, STATE: 'NOTUS' });
    expect(mismatched.status).toBe(400);
    expect(mismatched.body.message).toEqual(['State must be a US state for the United States.']);
    const unknownField = await call({ token }, 'PUT', '/account/auto-renew', { autorenew: 2, extra: 1 });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.message).toEqual(
      expect.arrayContaining(['autorenew must be 0 or 1.', 'property extra should not exist']),
    );
    expect((await call<{ data: Record<string, unknown> }>({ token }, 'GET', '/account')).body.data).toMatchObject({
      email: 'cme@demo.test',
    });
  });
});
