import { CommandBus } from '@nestjs/cqrs';
import { Clock } from '#libs/application/clock.js';
import { renewalDecider } from '#libs/domain/renewal/renewal.decider.js';
import { renewalStreamId } from '#libs/domain/renewal/renewal.events.js';
import { RENEW_DAYS_BEFORE } from '#libs/domain/renewal/renewal.rules.js';
import type { OrderHistoryEntry } from '#libs/contracts/cart.js';
import type { FailedRenewal } from '#libs/contracts/renewals.js';
import { renewalUnitPrice } from '#libs/domain/pricing/renewal.js';
import { DECLINES } from '#libs/payments/decline-words.js';
import { entitlementsOf } from '#libs/read-models/entitlements.js';
import { ledgerRows } from '#libs/read-models/finance-ledger.js';
import { renewalProduct } from '#libs/read-models/renewal-offers.js';
import { renewalsOf } from '#libs/read-models/renewals.js';
import { nextOrderNumber } from '#libs/renewals/renewal-locks.js';
import { FixedClock } from '#libs/application/clock.js';
import { createEventStore } from '#libs/eventstore/create-event-store.js';
import { projectorRenewals } from '../../apps/projector/renewals.js';
import { startShop, type RunningShop } from '../../apps/api/bootstrap.js';
import { GrantEntitlementCommand } from '../../apps/api/entitlements/index.js';
import { EventSourcedService } from '../../apps/api/kernel/event-sourced.service.js';
import { RequestContext, SYSTEM } from '../../apps/api/kernel/request-context.js';
import { RenewalSchedule } from '../../apps/api/renewals/renewal-schedule.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { SANDBOX_VISA } from '../support/checkout-fixtures.js';
import { outboxValidationLink, registerAndValidate } from '../support/customer-fixtures.js';
import { freePort } from '../support/free-port.js';
import { type Caller, shopClient } from '../support/shop-client.js';
import { systemKey } from '#libs/application/stored-answers.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What `read` answers once it answers `expected`, or its last answer after 5 s. */
async function eventually<T>(read: () => Promise<T>, expected: T): Promise<T> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const value = await read();
    if (value === expected || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The automatic renewal (docs/payments.md, Renewals), over a real database with the sandbox gateway:
 * customers with auto-renew on and off, with a good and an expiring card on file; the clock moved to a
 * week before the expiry; the schedule run on two shops on one database at once, then twice more.
 */
describe('automatic renewals', () => {
  let shop: TestApp;
  let second: RunningShop | undefined;
  const { call } = shopClient(() => shop.baseUrl);
  const expiresAt = new Date(Date.now() + 365 * DAY_MS).toISOString().slice(0, 10) + 'T00:00:00.000Z';
  const period = expiresAt.slice(0, 10);
  const weekBefore = new Date(Date.parse(expiresAt) - RENEW_DAYS_BEFORE * DAY_MS + 60 * 60 * 1000);
  const now = new Date();
  // Good today, expired by the week before the expiry: the sandbox declines it then.
  const EXPIRING_CARD = {
    ...SANDBOX_VISA,
    MONTH: String(now.getUTCMonth() + 1).padStart(2, '0'),
    YEAR: String(now.getUTCFullYear()),
  };

  const customers: Record<
    'good' | 'declined' | 'off' | 'noCard' | 'crashed',
    { id: string; email: string; who: Caller }
  > = {} as never;

  const login = async (email: string): Promise<Caller> => {
    const { body } = await call<{ token: string }>({}, 'POST', '/auth/login', {
      email,
      password: 'Secret-pass-1',
      version: 5,
    });
    return { token: body.token };
  };
  const idOf = (who: Caller): string =>
    (JSON.parse(Buffer.from(who.token!.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
  const mailsTo = async (email: string) =>
    (
      await shop.shop.pool.query<{ subject: string; text_body: string }>(
        'SELECT subject, text_body FROM mail_outbox WHERE to_address = $1 AND subject NOT LIKE $2 ORDER BY id',
        [email, '%validate%'],
      )
    ).rows;
  const latestExpiry = async (customerId: string, type: string) =>
    (await entitlementsOf(shop.shop.pool, customerId)).subscriptions
      .filter((s) => s.subscriptionType === type)
      .map((s) => s.expiresAt)
      .sort()
      .at(-1);

  beforeAll(async () => {
    shop = await createTestApp({ seedDemo: true, env: { RENEWALS_EVERY_MINUTES: '0' } });
    const setups = {
      good: { autorenew: 1, card: SANDBOX_VISA },
      declined: { autorenew: 1, card: EXPIRING_CARD },
      off: { autorenew: 0, card: SANDBOX_VISA },
      noCard: { autorenew: 1, card: null },
      crashed: { autorenew: 1, card: SANDBOX_VISA },
    } as const;
    for (const [name, setup] of Object.entries(setups)) {
      const email = `renew-${name.toLowerCase()}@example.test`;
      await registerAndValidate(shop.baseUrl, email, (e) => outboxValidationLink(shop.shop.pool, e), {
        autorenew: setup.autorenew,
      });
      const who = await login(email);
      if (setup.card) expect((await call(who, 'PUT', '/account/card', { pay: setup.card })).status).toBe(200);
      const id = idOf(who);
      customers[name as keyof typeof customers] = { id, email, who };
      await shop.app.get(RequestContext).run({ actorId: SYSTEM }, async () => {
        const grant = (subscriptionType: 'elearning' | 'qmpcomplete', expires: string) =>
          shop.app.get(CommandBus).execute(
            new GrantEntitlementCommand(id, {
              kind: 'subscription',
              subscriptionType,
              startsAt: now.toISOString(),
              expiresAt: expires,
              source: 'test:renewals',
            }),
          );
        await grant('elearning', expiresAt);
        // Complete expires later: not due this week.
        await grant('qmpcomplete', new Date(Date.parse(expiresAt) + 60 * DAY_MS).toISOString());
      });
    }
    second = await startShop({ ...shop.shop.config, PORT: await freePort() });
  });

  afterAll(async () => {
    await second?.close();
    await shop?.close();
  });

  it('renews nothing before the week before the expiry', async () => {
    expect(await shop.app.get(RenewalSchedule).runOnce()).toEqual({});
    expect(await renewalsOf(shop.shop.pool, customers.good.id)).toEqual([]);
  });

  /** A run that died right after starting its renewal (RenewalStarted, no order yet). */
  const startAndDie = async (): Promise<void> => {
    const product = await renewalProduct(shop.shop.pool, 'elearning');
    const onum = await nextOrderNumber(shop.shop.pool);
    const key = renewalStreamId(customers.crashed.id, 'elearning', period);
    await shop.app.get(RequestContext).run({ actorId: SYSTEM }, () =>
      shop.app.get(EventSourcedService).execute(key, renewalDecider, {
        type: 'StartRenewal',
        customerId: customers.crashed.id,
        subscriptionType: 'elearning',
        period,
        onum,
        productId: product!.ID,
        idempotencyKey: key,
        now: weekBefore.toISOString(),
      }),
    );
  };

  it('a week before: one renewal each where due, on two API nodes and the projector at once, and twice more', async () => {
    for (const app of [shop.app, second!.app]) jest.spyOn(app.get(Clock), 'now').mockReturnValue(weekBefore);
    await startAndDie();
    // And the projector process's runner (the scaled-out mode), on the same database at the same time.
    const store = await createEventStore(shop.shop.config, shop.shop.pool);
    const projector = projectorRenewals({
      config: shop.shop.config,
      pool: shop.shop.pool,
      store,
      logger: { info: () => undefined, error: () => undefined },
      clock: new FixedClock(weekBefore),
    });
    const passes = await Promise.all([
      shop.app.get(RenewalSchedule).runOnce(),
      second!.app.get(RenewalSchedule).runOnce(),
      projector.runOnce(),
    ]);
    await projector.stop();
    await shop.app.get(RenewalSchedule).runOnce();
    await second!.app.get(RenewalSchedule).runOnce();
    expect(passes.flatMap((p) => Object.values(p)).every((o) => ['succeeded', 'failed', 'busy'].includes(o))).toBe(
      true,
    );

    const { good, declined, off, noCard } = customers;
    const [goodRows, declinedRows] = [
      await renewalsOf(shop.shop.pool, good.id),
      await renewalsOf(shop.shop.pool, declined.id),
    ];
    expect(goodRows).toEqual([expect.objectContaining({ subscriptionType: 'elearning', period, status: 'succeeded' })]);
    expect(declinedRows).toEqual([
      expect.objectContaining({ subscriptionType: 'elearning', period, status: 'failed', errors: [DECLINES.expired] }),
    ]);
    expect(await renewalsOf(shop.shop.pool, off.id)).toEqual([]);
    expect(await renewalsOf(shop.shop.pool, noCard.id)).toEqual([]);

    // One start per stream, one charge per renewal key.
    const { rows: starts } = await shop.shop.pool.query<{ stream_id: string; n: string }>(
      `SELECT stream_id, count(*)::text AS n FROM es_events WHERE type = 'RenewalStarted' GROUP BY stream_id`,
    );
    expect(starts.every((r) => r.n === '1')).toBe(true);
    const { rows: charges } = await shop.shop.pool.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM sandbox_gateway_charges WHERE idempotency_key = $1`,
      [systemKey('renewal', good.id, 'elearning', period)],
    );
    expect(charges[0]?.n).toBe('1');

    // Extended by a year for the good card only; Complete untouched.
    const aYearLater = `${Number(period.slice(0, 4)) + 1}${expiresAt.slice(4)}`;
    // A renewal the projector's runner paid is granted by an API process's OrderPaid process manager from the log.
    await expect(eventually(() => latestExpiry(good.id, 'elearning'), aYearLater)).resolves.toBe(aYearLater);
    await expect(eventually(() => latestExpiry(customers.crashed.id, 'elearning'), aYearLater)).resolves.toBe(
      aYearLater,
    );
    expect(await latestExpiry(declined.id, 'elearning')).toBe(expiresAt);
    expect((await entitlementsOf(shop.shop.pool, good.id)).subscriptions).toHaveLength(3);
  });

  it('the renewal is an ordinary order: in order history and the finance ledger, at 10% off', async () => {
    const [row] = await renewalsOf(shop.shop.pool, customers.good.id);
    const orders = await call<{ data: OrderHistoryEntry[] }>(customers.good.who, 'GET', '/orders');
    expect(orders.status).toBe(200);
    expect(orders.body.data.map((o) => o.ONUM)).toContain(String(row!.onum));
    const ledger = (await ledgerRows(shop.shop.pool, '2000-01-01', '2100-01-01')).filter(
      (l) => l.onum === String(row!.onum),
    );
    expect(ledger).toHaveLength(1);
    const { rows } = await shop.shop.pool.query<{ data: { lines: { UNITPRICE: number; OFFER: { OFFER: string } }[] } }>(
      `SELECT data FROM es_events WHERE stream_id = $1 AND type = 'OrderPlaced'`,
      [`order-${row!.onum}`],
    );
    expect(rows[0]?.data.lines[0]?.OFFER.OFFER).toBe('renewal');
    const product = await renewalProduct(shop.shop.pool, 'elearning');
    expect(rows[0]?.data.lines[0]?.UNITPRICE).toBe(renewalUnitPrice(product!, 1));
  });

  it('mails the receipt and the failed renewal with a link to pay, once each; none elsewhere', async () => {
    const good = await mailsTo(customers.good.email);
    expect(good.map((m) => m.subject)).toEqual([expect.stringMatching(/^Your subscription has been renewed/)]);
    const declined = await mailsTo(customers.declined.email);
    expect(declined.map((m) => m.subject)).toEqual(['Your subscription could not be renewed']);
    expect(declined[0]?.text_body).toContain(DECLINES.expired);
    expect(declined[0]?.text_body).toContain('/cart?renew=elearning&term=1');
    expect(await mailsTo(customers.off.email)).toEqual([]);
    expect(await mailsTo(customers.noCard.email)).toEqual([]);
  });

  it('the banner learns of the failed renewal; the renewed customer has none', async () => {
    const failed = await call<{ data: FailedRenewal[] }>(
      customers.declined.who,
      'GET',
      '/subscriptions/renewals/failed',
    );
    expect(failed.status).toBe(200);
    expect(failed.body.data).toEqual([
      { TYPE: 'elearning', DT: period, ERRORS: [DECLINES.expired], URL: '/cart?renew=elearning&term=1' },
    ]);
    const none = await call<{ data: FailedRenewal[] }>(customers.good.who, 'GET', '/subscriptions/renewals/failed');
    expect(none.body.data).toEqual([]);
    expect((await call({}, 'GET', '/subscriptions/renewals/failed')).status).toBe(401);
  });

  it('a renewal whose run died is resumed and ends once: one charge, one receipt', async () => {
    expect(await renewalsOf(shop.shop.pool, customers.crashed.id)).toEqual([
      expect.objectContaining({ subscriptionType: 'elearning', period, status: 'succeeded' }),
    ]);
    const { rows } = await shop.shop.pool.query<{ n: string }>(
      'SELECT count(*)::text AS n FROM sandbox_gateway_charges WHERE idempotency_key = $1',
      [renewalStreamId(customers.crashed.id, 'elearning', period)],
    );
    expect(rows[0]?.n).toBe('1');
    expect((await mailsTo(customers.crashed.email)).map((m) => m.subject)).toHaveLength(1);
  });
});
