import { CommandBus } from '@nestjs/cqrs';
import { Clock } from '#libs/application/clock.js';
import { systemKey } from '#libs/application/stored-answers.js';
import type { Subscriptions } from '#libs/contracts/cart.js';
import { RENEWABLE_TYPE_MESSAGE } from '#libs/contracts/renewals.js';
import type { SubscriptionType } from '#libs/domain/entitlements/entitlements.events.js';
import { renewalUnitPrice } from '#libs/domain/pricing/renewal.js';
import { renewalDecider } from '#libs/domain/renewal/renewal.decider.js';
import { renewalStreamId } from '#libs/domain/renewal/renewal.events.js';
import { RENEW_DAYS_BEFORE, RENEWAL_NO_LONGER_WANTED } from '#libs/domain/renewal/renewal.rules.js';
import { renewalProduct } from '#libs/read-models/renewal-offers.js';
import { renewalsOf } from '#libs/read-models/renewals.js';
import { nextOrderNumber } from '#libs/renewals/renewal-locks.js';
import { GrantEntitlementCommand } from '../../apps/api/entitlements/index.js';
import { EventSourcedService } from '../../apps/api/kernel/event-sourced.service.js';
import { RequestContext, SYSTEM } from '../../apps/api/kernel/request-context.js';
import { RenewalSchedule } from '../../apps/api/renewals/renewal-schedule.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { SANDBOX_VISA } from '../support/checkout-fixtures.js';
import { outboxValidationLink, registerAndValidate } from '../support/customer-fixtures.js';
import { type Caller, shopClient } from '../support/shop-client.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Each subscription's auto-renew (docs/decisions.md, "The renewal and the card: the customer's
 * choice"): the Subscriptions tab's switch (PUT /api/account/auto-renew/:type) sets one subscription
 * apart from the account's box, GET /api/subscriptions shows it with the renewal's price and day, and
 * the renewal schedule charges only the subscriptions whose own auto-renew is on, deciding it again
 * before the charge.
 */
describe("each subscription's auto-renew", () => {
  let shop: TestApp;
  const { call } = shopClient(() => shop.baseUrl);
  // Both subscriptions of each customer expire at once, a year from now.
  const expiresAt = new Date(Date.now() + 365 * DAY_MS).toISOString().slice(0, 10) + 'T00:00:00.000Z';
  const period = expiresAt.slice(0, 10);
  const renewsOn = new Date(Date.parse(expiresAt) - RENEW_DAYS_BEFORE * DAY_MS).toISOString().slice(0, 10);
  const weekBefore = new Date(Date.parse(expiresAt) - RENEW_DAYS_BEFORE * DAY_MS + 60 * 60 * 1000);
  const people = ['split', 'onlyOne', 'resumed', 'reset'] as const;
  const customers = {} as Record<(typeof people)[number], { id: string; who: Caller }>;

  const idOf = (who: Caller): string =>
    (JSON.parse(Buffer.from(who.token!.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
  const grant = (customerId: string, subscriptionType: SubscriptionType) =>
    shop.app.get(RequestContext).run({ actorId: SYSTEM }, () =>
      shop.app.get(CommandBus).execute(
        new GrantEntitlementCommand(customerId, {
          kind: 'subscription',
          subscriptionType,
          startsAt: new Date().toISOString(),
          expiresAt,
          source: 'test:auto-renew',
        }),
      ),
    );
  const switchTo = (who: Caller, type: string, autorenew: unknown) =>
    call<Subscriptions>(who, 'PUT', `/account/auto-renew/${type}`, { autorenew });
  const autoRenewOf = (subscriptions: Subscriptions) =>
    Object.fromEntries(subscriptions.RENEWALS.map((r) => [r.TYPE, r.AUTORENEW]));

  beforeAll(async () => {
    shop = await createTestApp({ seedDemo: true, env: { RENEWALS_EVERY_MINUTES: '0' } });
    for (const name of people) {
      const email = `auto-renew-${name.toLowerCase()}@example.test`;
      // onlyOne registers with the account's auto-renew off; the others on (the form's default).
      await registerAndValidate(shop.baseUrl, email, (e) => outboxValidationLink(shop.shop.pool, e), {
        autorenew: name === 'onlyOne' ? 0 : 1,
      });
      const login = await call<{ token: string }>({}, 'POST', '/auth/login', {
        email,
        password: 'Secret-pass-1',
        version: 5,
      });
      const who = { token: login.body.token };
      expect((await call(who, 'PUT', '/account/card', { pay: SANDBOX_VISA })).status).toBe(200);
      customers[name] = { id: idOf(who), who };
      await grant(idOf(who), 'elearning');
      await grant(idOf(who), 'qmpcomplete');
    }
  });

  afterAll(async () => {
    await shop?.close();
  });

  it('the Subscriptions tab shows each running subscription with its renewal price, day and auto-renew', async () => {
    const { body, status } = await call<Subscriptions>(customers.split.who, 'GET', '/subscriptions');
    expect(status).toBe(200);
    const elearning = await renewalProduct(shop.shop.pool, 'elearning');
    const complete = await renewalProduct(shop.shop.pool, 'qmpcomplete');
    expect(body).toMatchObject({ elearning_expire: period, complete_expire: period, cme_expire: '0000-00-00' });
    expect(body.RENEWALS).toEqual([
      {
        TYPE: 'qmpcomplete',
        PRODUCTNAME: complete!.NAME,
        EXPIRES: period,
        RENEWS: renewsOn,
        PRICE: renewalUnitPrice(complete!, 1),
        AUTORENEW: 1,
      },
      {
        TYPE: 'elearning',
        PRODUCTNAME: elearning!.NAME,
        EXPIRES: period,
        RENEWS: renewsOn,
        PRICE: renewalUnitPrice(elearning!, 1),
        AUTORENEW: 1,
      },
    ]);
  });

  it('the switch turns one subscription off apart from the account, and refuses what is not a subscription', async () => {
    const { who } = customers.split;
    const off = await switchTo(who, 'elearning', 0);
    expect(off.status).toBe(200);
    expect(autoRenewOf(off.body)).toEqual({ qmpcomplete: 1, elearning: 0 });
    // The account's own setting is untouched.
    expect((await call<{ data: { autorenew: number } }>(who, 'GET', '/account')).body.data.autorenew).toBe(1);
    expect(autoRenewOf((await call<Subscriptions>(who, 'GET', '/subscriptions')).body)).toEqual({
      qmpcomplete: 1,
      elearning: 0,
    });

    const unknown = await switchTo(who, 'pulse', 1);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toEqual([RENEWABLE_TYPE_MESSAGE]);
    const badValue = await switchTo(who, 'cme', 2);
    expect(badValue.status).toBe(400);
    expect(badValue.body.message).toEqual(['autorenew must be 0 or 1.']);
    expect((await switchTo({}, 'cme', 1)).status).toBe(401);

    // onlyOne: the account's auto-renew off, elearning turned on alone.
    const on = await switchTo(customers.onlyOne.who, 'elearning', 1);
    expect(autoRenewOf(on.body)).toEqual({ qmpcomplete: 0, elearning: 1 });
  });

  it("the account's box sets every subscription again: a single choice made before no longer counts", async () => {
    const { who } = customers.reset;
    await switchTo(who, 'elearning', 0);
    expect((await call(who, 'PUT', '/account/auto-renew', { autorenew: 0 })).status).toBe(200);
    expect(autoRenewOf((await call<Subscriptions>(who, 'GET', '/subscriptions')).body)).toEqual({
      qmpcomplete: 0,
      elearning: 0,
    });
    expect((await call(who, 'PUT', '/account/auto-renew', { autorenew: 1 })).status).toBe(200);
    expect(autoRenewOf((await call<Subscriptions>(who, 'GET', '/subscriptions')).body)).toEqual({
      qmpcomplete: 1,
      elearning: 1,
    });
  });

  it('the schedule renews only the subscriptions whose auto-renew is on, and decides a resumed one again', async () => {
    const { split, onlyOne, resumed } = customers;
    // resumed: a run started its elearning renewal and died; the customer then turns elearning off alone.
    const product = await renewalProduct(shop.shop.pool, 'elearning');
    await shop.app.get(RequestContext).run({ actorId: SYSTEM }, async () =>
      shop.app.get(EventSourcedService).execute(renewalStreamId(resumed.id, 'elearning', period), renewalDecider, {
        type: 'StartRenewal',
        customerId: resumed.id,
        subscriptionType: 'elearning',
        period,
        onum: await nextOrderNumber(shop.shop.pool),
        productId: product!.ID,
        idempotencyKey: systemKey('renewal', resumed.id, 'elearning', period),
        now: weekBefore.toISOString(),
      }),
    );
    expect((await switchTo(resumed.who, 'elearning', 0)).status).toBe(200);

    jest.spyOn(shop.app.get(Clock), 'now').mockReturnValue(weekBefore);
    let pass: Record<string, string>;
    try {
      pass = await shop.app.get(RenewalSchedule).runOnce();
    } finally {
      jest.restoreAllMocks();
    }
    expect(pass).toMatchObject({
      [`${split.id}/qmpcomplete/${period}`]: 'succeeded',
      [`${onlyOne.id}/elearning/${period}`]: 'succeeded',
      [`${resumed.id}/elearning/${period}`]: 'cancelled',
      [`${resumed.id}/qmpcomplete/${period}`]: 'succeeded',
    });
    // Turned off: not started at all.
    expect(pass[`${split.id}/elearning/${period}`]).toBeUndefined();
    expect(pass[`${onlyOne.id}/qmpcomplete/${period}`]).toBeUndefined();

    const statuses = async (customerId: string) =>
      Object.fromEntries((await renewalsOf(shop.shop.pool, customerId)).map((r) => [r.subscriptionType, r]));
    expect(Object.keys(await statuses(split.id))).toEqual(['qmpcomplete']);
    expect(Object.keys(await statuses(onlyOne.id))).toEqual(['elearning']);
    expect((await statuses(resumed.id)).elearning).toMatchObject({
      status: 'cancelled',
      errors: [RENEWAL_NO_LONGER_WANTED.autoRenewOff],
    });
    const charged = await shop.shop.pool.query(
      `SELECT 1 FROM sandbox_gateway_charges WHERE idempotency_key = $1 AND (result->>'approved')::boolean`,
      [systemKey('renewal', resumed.id, 'elearning', period)],
    );
    expect(charged.rowCount).toBe(0);
  });
});
