import { CommandBus } from '@nestjs/cqrs';
import { Clock } from '#libs/application/clock.js';
import { systemKey } from '#libs/application/stored-answers.js';
import type { PayResponse, Quote } from '#libs/contracts/cart.js';
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
import { checkoutContact, SANDBOX_VISA } from '../support/checkout-fixtures.js';
import { outboxValidationLink, registerAndValidate } from '../support/customer-fixtures.js';
import { type Caller, shopClient } from '../support/shop-client.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A renewal's key and its decision before the charge (docs/payments.md, Stored answers; Renewals): a
 * customer who pays a cart with the key of their own coming renewal pays that cart only, and the
 * renewal is charged on its own; a renewal whose run died after its start is decided again when it is
 * resumed, and one the customer no longer wants (auto-renew off, renewed by hand) charges nothing.
 */
describe('renewal keys and the decision before the charge', () => {
  let shop: TestApp;
  const { call } = shopClient(() => shop.baseUrl);
  const expiresAt = new Date(Date.now() + 365 * DAY_MS).toISOString().slice(0, 10) + 'T00:00:00.000Z';
  const period = expiresAt.slice(0, 10);
  const weekBefore = new Date(Date.parse(expiresAt) - RENEW_DAYS_BEFORE * DAY_MS + 60 * 60 * 1000);
  // The keyed customer's subscription expires 10 days later: neither renewal pass here reaches the other's.
  const keyedExpiresAt = new Date(Date.parse(expiresAt) + 10 * DAY_MS).toISOString();
  const keyedPeriod = keyedExpiresAt.slice(0, 10);
  const keyedWeekBefore = new Date(Date.parse(keyedExpiresAt) - RENEW_DAYS_BEFORE * DAY_MS + 60 * 60 * 1000);
  const people = ['keyed', 'optedOut', 'renewedByHand'] as const;
  const customers = {} as Record<(typeof people)[number], { id: string; who: Caller }>;

  const idOf = (who: Caller): string =>
    (JSON.parse(Buffer.from(who.token!.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
  const grant = (customerId: string, expires: string, source: string) =>
    shop.app.get(RequestContext).run({ actorId: SYSTEM }, () =>
      shop.app.get(CommandBus).execute(
        new GrantEntitlementCommand(customerId, {
          kind: 'subscription',
          subscriptionType: 'elearning',
          startsAt: new Date().toISOString(),
          expiresAt: expires,
          source,
        }),
      ),
    );
  const approvedCharges = async (key: string) =>
    (
      await shop.shop.pool.query<{ amount_cents: number; reference: string }>(
        `SELECT amount_cents, result->>'reference' AS reference FROM sandbox_gateway_charges
          WHERE idempotency_key = $1 AND (result->>'approved')::boolean`,
        [key],
      )
    ).rows;

  /** A run that died right after starting its renewal (RenewalStarted, no order and no charge yet). */
  const startAndDie = async (customerId: string): Promise<void> => {
    const product = await renewalProduct(shop.shop.pool, 'elearning');
    await shop.app.get(RequestContext).run({ actorId: SYSTEM }, async () =>
      shop.app.get(EventSourcedService).execute(renewalStreamId(customerId, 'elearning', period), renewalDecider, {
        type: 'StartRenewal',
        customerId,
        subscriptionType: 'elearning',
        period,
        onum: await nextOrderNumber(shop.shop.pool),
        productId: product!.ID,
        idempotencyKey: systemKey('renewal', customerId, 'elearning', period),
        now: weekBefore.toISOString(),
      }),
    );
  };

  beforeAll(async () => {
    shop = await createTestApp({ seedDemo: true, env: { RENEWALS_EVERY_MINUTES: '0' } });
    for (const name of people) {
      const email = `keys-${name.toLowerCase()}@example.test`;
      await registerAndValidate(shop.baseUrl, email, (e) => outboxValidationLink(shop.shop.pool, e), {
        autorenew: 1,
      });
      const login = await call<{ token: string }>({}, 'POST', '/auth/login', {
        email,
        password: 'Secret-pass-1',
        version: 5,
      });
      const who = { token: login.body.token };
      expect((await call(who, 'PUT', '/account/card', { pay: SANDBOX_VISA })).status).toBe(200);
      customers[name] = { id: idOf(who), who };
      await grant(idOf(who), name === 'keyed' ? keyedExpiresAt : expiresAt, 'test:renewal-keys');
    }
  });

  afterAll(async () => {
    await shop?.close();
  });

  it("a cart paid with the key of the customer's own coming renewal pays the cart only; the renewal is charged on its own", async () => {
    const { id, who } = customers.keyed;
    expect((await call(who, 'POST', '/cart/items', { PRODUCTID: 601, FORMAT: 'BOOK', QTY: 1 })).status).toBe(200);
    const quote = await call<Quote>(who, 'POST', '/checkout/quote', { COUNTRY: 'USA', STATE: 'MO', SHIPPING: 1 });
    const renewalKey = systemKey('renewal', id, 'elearning', keyedPeriod);
    const cart = await call<PayResponse>(
      who,
      'POST',
      '/checkout/pay',
      { ATTJSON: checkoutContact(), BILLINGJSON: null, CARD: SANDBOX_VISA, SHIPPING: 1, TOTAL: quote.body.TOTAL },
      { 'idempotency-key': renewalKey },
    );
    expect(cart.body).toMatchObject({ ERRORS: [], ONUM: expect.stringMatching(/^\d+$/) });
    // The key a client sends is kept in its own namespace: the renewal's key holds nothing yet.
    expect(await approvedCharges(renewalKey)).toEqual([]);

    jest.spyOn(shop.app.get(Clock), 'now').mockReturnValue(keyedWeekBefore);
    try {
      expect(await shop.app.get(RenewalSchedule).runOnce()).toMatchObject({
        [`${id}/elearning/${keyedPeriod}`]: 'succeeded',
      });
    } finally {
      jest.restoreAllMocks();
    }
    const [renewal] = await renewalsOf(shop.shop.pool, id);
    const paid = await shop.shop.pool.query<{ onum: string; reference: string; total: number }>(
      `SELECT data->>'onum' AS onum, data->'gateway'->>'reference' AS reference, (data->>'TOTAL')::int AS total
         FROM es_events WHERE type = 'OrderPaid' AND data->>'onum' = ANY($1) ORDER BY 1`,
      [[cart.body.ONUM, String(renewal!.onum)]],
    );
    // Two orders, two charges of their own amounts: one gateway reference each.
    expect(paid.rows).toHaveLength(2);
    expect(new Set(paid.rows.map((r) => r.reference)).size).toBe(2);
    const renewalPaid = paid.rows.find((r) => r.onum === String(renewal!.onum))!;
    expect(await approvedCharges(renewalKey)).toEqual([
      { amount_cents: renewalPaid.total, reference: renewalPaid.reference },
    ]);
    expect(renewalPaid.total).toBeGreaterThan(quote.body.TOTAL);
  });

  it('a resumed renewal is decided again: auto-renew turned off, or renewed by hand, cancels it and charges nothing', async () => {
    const { optedOut, renewedByHand } = customers;
    await startAndDie(optedOut.id);
    await startAndDie(renewedByHand.id);
    // Meanwhile: one turns auto-renew off, the other renews by hand (a year more).
    expect((await call(optedOut.who, 'PUT', '/account/auto-renew', { autorenew: 0 })).status).toBe(200);
    const aYearLater = `${Number(period.slice(0, 4)) + 1}${expiresAt.slice(4)}`;
    await grant(renewedByHand.id, aYearLater, 'order:by-hand');

    jest.spyOn(shop.app.get(Clock), 'now').mockReturnValue(weekBefore);
    try {
      const pass = await shop.app.get(RenewalSchedule).runOnce();
      expect(pass).toMatchObject({
        [`${optedOut.id}/elearning/${period}`]: 'cancelled',
        [`${renewedByHand.id}/elearning/${period}`]: 'cancelled',
      });
      // And once more: nothing new.
      await shop.app.get(RenewalSchedule).runOnce();
    } finally {
      jest.restoreAllMocks();
    }
    for (const [customer, reason] of [
      [optedOut, RENEWAL_NO_LONGER_WANTED.autoRenewOff],
      [renewedByHand, RENEWAL_NO_LONGER_WANTED.renewed],
    ] as const) {
      expect(await renewalsOf(shop.shop.pool, customer.id)).toEqual([
        expect.objectContaining({ status: 'cancelled', errors: [reason] }),
      ]);
      expect(await approvedCharges(systemKey('renewal', customer.id, 'elearning', period))).toEqual([]);
      const events = await shop.shop.pool.query<{ type: string }>(
        `SELECT type FROM es_events WHERE stream_id = $1 ORDER BY position`,
        [renewalStreamId(customer.id, 'elearning', period)],
      );
      expect(events.rows.map((e) => e.type)).toEqual(['RenewalStarted', 'RenewalCancelled']);
    }
  });
});
