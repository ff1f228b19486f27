import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { Clock, SystemClock } from '#libs/application/clock.js';
import type { PayResponse, Quote } from '#libs/contracts/cart.js';
import type { SubscriptionGranted } from '#libs/domain/entitlements/entitlements.events.js';
import type { OrderPaid } from '#libs/domain/order/order.events.js';
import { renewalReminderStreamId } from '#libs/domain/renewal-reminder/renewal-reminder.events.js';
import { renewalStreamId } from '#libs/domain/renewal/renewal.events.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { dollars, longDate } from '#libs/mail/brand.js';
import { type SmtpCapture, startSmtpCapture } from '#libs/mail/smtp-capture.testing.js';
import { createPaymentGateway } from '#libs/payments/create-payment-gateway.js';
import { startShop } from '../../apps/api/bootstrap.js';
import { GrantEntitlementCommand } from '../../apps/api/entitlements/index.js';
import { EVENT_STORE } from '../../apps/api/infrastructure/tokens.js';
import { RequestContext, SYSTEM } from '../../apps/api/kernel/request-context.js';
import { refundOrder } from '../../apps/api/refunds/refund-order.js';
import { RenewalSchedule } from '../../apps/api/renewals/renewal-schedule.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { checkoutContact, SANDBOX_VISA } from '../support/checkout-fixtures.js';
import { linkIn, registerAndValidate } from '../support/customer-fixtures.js';
import { freePort } from '../support/free-port.js';
import { type Caller, shopClient } from '../support/shop-client.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The text of a captured mail with its line breaks undone, to find sentences html-to-text wrapped. */
const flat = (raw: string): string => raw.replace(/\s+/g, ' ');

/**
 * The mails of events (docs/operations.md, Mail), each received on a real SMTP server through the
 * outbox relay: an order's confirmation, a refund, a renewal's reminder, receipt and failure, a CME
 * certificate. Each arrives once, and a replay of the whole log by another node writes none again.
 */
describe('mails from events', () => {
  let smtp: SmtpCapture;
  let shop: TestApp;
  let store: EventStore;
  const { call, loginAs } = shopClient(() => shop.baseUrl);

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    shop = await createTestApp({ seedDemo: true, smtpUrl: smtp.url });
    store = shop.app.get<EventStore>(EVENT_STORE);
  });
  afterAll(async () => {
    await shop?.close();
    await smtp?.close();
  });
  afterEach(() => jest.restoreAllMocks());

  const customer = async (email: string, card: Record<string, string>): Promise<Caller & { id: string }> => {
    await registerAndValidate(shop.baseUrl, email, async (to) =>
      linkIn((await smtp.waitFor(to, /user\/validate\?tolken=/)).raw, 'user/validate')!,
    );
    const login = await call<{ token: string }>({}, 'POST', '/auth/login', {
      email,
      password: 'Secret-pass-1',
      version: 5,
    });
    const who = { token: login.body.token };
    expect((await call(who, 'PUT', '/account/card', { pay: card })).status).toBe(200);
    return { ...who, id: (await call<{ customerId: string }>(who, 'GET', '/auth/me')).body.customerId };
  };
  const mailsTo = (email: string, subject: RegExp) =>
    smtp.mails.filter((m) => m.to.includes(email) && subject.test(m.raw));
  const outboxRows = async (email: string) =>
    (
      await shop.shop.pool.query<{ subject: string; text_body: string; status: string }>(
        'SELECT subject, text_body, status FROM mail_outbox WHERE to_address = $1 ORDER BY id',
        [email],
      )
    ).rows;

  const buyer = 'mail-buyer@example.test';
  let ada: Caller & { id: string };
  let onum: number;
  let expiresAt: string;

  it('an order paid mails its confirmation: lines, totals, tax, shipping, card, renewal terms and the auto-renew link', async () => {
    ada = await customer(buyer, SANDBOX_VISA);
    for (const item of [
      { PRODUCTID: 130, TERM: 1 },
      { PRODUCTID: 602, FORMAT: 'BOOK' },
    ]) {
      expect((await call(ada, 'POST', '/cart/items', { QTY: 1, ...item })).status).toBe(200);
    }
    const { body: quote } = await call<Quote>(ada, 'POST', '/checkout/quote', {
      COUNTRY: 'USA',
      STATE: 'KS',
      SHIPPING: 1,
    });
    const paid = await call<PayResponse>(
      ada,
      'POST',
      '/checkout/pay',
      {
        ATTJSON: { ...checkoutContact({ STATE: 'KS', EMAIL: buyer }) },
        BILLINGJSON: null,
        CARD: SANDBOX_VISA,
        SHIPPING: 1,
        TOTAL: quote.TOTAL,
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(paid.body.ERRORS).toEqual([]);
    onum = Number(paid.body.ONUM);

    const mail = flat((await smtp.waitFor(buyer, new RegExp(`Subject: Your order ${onum}: confirmation`))).raw);
    const [event] = (await store.readStream(`order-${onum}`)).filter(
      (e) => e.type === 'OrderPaid',
    ) as unknown as OrderPaid[];
    const order = event!.data;
    expect(order.SHIPCOST).toBeGreaterThan(0);
    expect(mail).toContain('Complete Package (1 year)');
    expect(mail).toContain('The Aging Face: Surgical and Nonsurgical Strategies');
    expect(mail).toContain(`Tax ${dollars(order.TAX)}`);
    expect(mail).toContain(`Shipping ${dollars(order.SHIPCOST)}`);
    expect(mail).toContain(`Total paid ${dollars(order.TOTAL)}`);
    expect(mail).toContain(`${order.gateway.brand} ending in ${order.gateway.last4}`);
    const grant = (await store.readStream(`entitlements-${ada.id}`)).find(
      (e) => e.type === 'SubscriptionGranted' && (e.data as SubscriptionGranted['data']).source === `order:${onum}`,
    ) as unknown as SubscriptionGranted;
    expiresAt = grant.data.expiresAt;
    const chargeOn = new Date(Date.parse(expiresAt) - 7 * DAY_MS).toISOString().slice(0, 10);
    expect(mail).toContain(
      `Complete Package runs until ${longDate(expiresAt)}. Automatic renewal is on: on ${longDate(chargeOn)} we will renew it for one more year at $1,575.00 plus tax`,
    );
    expect(mail).toMatch(/account page: http:\/\/[^ ]+\/user\/account#subscriptions/);
    expect(mailsTo(buyer, /Subject: Your order/)).toHaveLength(1);
  });

  it('a refund mails how much went back to which card, and what is left', async () => {
    const clock = new SystemClock();
    await refundOrder(
      { store, gateway: createPaymentGateway(shop.shop.config, shop.shop.pool, clock), clock },
      { onum, amountCents: 1500, reason: 'Late delivery', by: 'finance', key: null },
    );
    const mail = flat((await smtp.waitFor(buyer, /Subject: Refund of \$15\.00 for order/)).raw);
    expect(mail).toContain(`We refunded $15.00 of order ${onum}`);
    expect(mail).toContain('Refunded so far $15.00');
    expect(mail).toContain('Visa ending in 4242');
    expect(mail).toContain('what it gave you stays as it is');
  });

  it('the renewal reminder comes 30 days before the charge, once, on a stream of its own (the renewal stream is not begun)', async () => {
    const charge = Date.parse(expiresAt) - 7 * DAY_MS;
    jest.spyOn(shop.app.get(Clock), 'now').mockReturnValue(new Date(charge - 31 * DAY_MS));
    await shop.app.get(RenewalSchedule).runOnce();
    const period = expiresAt.slice(0, 10);
    expect(await store.readStream(renewalReminderStreamId(ada.id, 'qmpcomplete', period))).toEqual([]);

    jest.spyOn(shop.app.get(Clock), 'now').mockReturnValue(new Date(charge - 29 * DAY_MS));
    await Promise.all([shop.app.get(RenewalSchedule).runOnce(), shop.app.get(RenewalSchedule).runOnce()]);
    await shop.app.get(RenewalSchedule).runOnce();
    const reminders = await store.readStream(renewalReminderStreamId(ada.id, 'qmpcomplete', period));
    expect(reminders.map((e) => [e.type, e.revision])).toEqual([['RenewalReminderIssued', 0]]);
    expect(await store.readStream(renewalStreamId(ada.id, 'qmpcomplete', period))).toEqual([]);
    const { amountCents } = reminders[0]!.data as { amountCents: number };
    expect(amountCents).toBeGreaterThanOrEqual(157500);

    const mail = flat((await smtp.waitFor(buyer, /Subject: Complete Package renews on/)).raw);
    expect(mail).toContain(
      `on ${longDate(new Date(charge).toISOString())} we will renew it for one more year and charge ${dollars(amountCents)} (tax included) to your Visa ending in 4242`,
    );
    expect(mail).toMatch(/Turn automatic renewal off: http:\/\/[^ ]+\/user\/account#subscriptions/);
    await new Promise((resolve) => setTimeout(resolve, 1500)); // a second mail would be here by now
    expect(mailsTo(buyer, /renews on/)).toHaveLength(1);
  });

  it('the renewal week: a receipt for a paid renewal and a failure mail with the link to pay, once each', async () => {
    const declined = await customer('mail-declined@example.test', { ...SANDBOX_VISA, CC: '4000000000000341' });
    await shop.app.get(RequestContext).run({ actorId: SYSTEM }, () =>
      shop.app.get(CommandBus).execute(
        new GrantEntitlementCommand(declined.id, {
          kind: 'subscription',
          subscriptionType: 'elearning',
          startsAt: new Date().toISOString(),
          expiresAt,
          source: 'test:mails',
        }),
      ),
    );
    jest.spyOn(shop.app.get(Clock), 'now').mockReturnValue(new Date(Date.parse(expiresAt) - 7 * DAY_MS + 3_600_000));
    await shop.app.get(RenewalSchedule).runOnce();
    await shop.app.get(RenewalSchedule).runOnce();

    const receipt = flat((await smtp.waitFor(buyer, /Subject: Your subscription has been renewed/)).raw);
    expect(receipt).toContain(`Complete Package, which was to expire on ${longDate(expiresAt)}, has been renewed`);
    expect(receipt).toContain('Visa ending in 4242');
    const failure = flat((await smtp.waitFor('mail-declined@example.test', /could not be renewed/)).raw);
    expect(failure).toContain('Your card was declined.');
    expect(failure).toContain('/cart?renew=elearning&term=1');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(mailsTo(buyer, /has been renewed/)).toHaveLength(1);
    expect(mailsTo('mail-declined@example.test', /could not be renewed/)).toHaveLength(1);
    // The renewal's own order is confirmed by its receipt, not by a second order confirmation.
    expect(mailsTo(buyer, /Subject: Your order/)).toHaveLength(1);
  });

  it('a CME certificate issued mails its number and verify link', async () => {
    const cme = { token: (await loginAs('cme@demo.test')).token };
    const issued = await call<{ NUMBER: string; VERIFYURL: string }>(
      cme,
      'POST',
      `/cme/certificate?year=${new Date().getUTCFullYear()}`,
    );
    expect(issued.status).toBe(200);
    const mail = flat(
      (await smtp.waitFor('cme@demo.test', new RegExp(`Subject: .*CME certificate ${issued.body.NUMBER}`))).raw,
    );
    expect(mail).toContain(`Certificate number ${issued.body.NUMBER}`);
    expect(mail).toContain(issued.body.VERIFYURL);
  });

  it('every mail went out once; another node replaying the whole log writes none again', async () => {
    const rows = async () =>
      (
        await shop.shop.pool.query<{ n: string }>(
          'SELECT count(*)::text AS n FROM mail_outbox WHERE dedupe_key IS NOT NULL',
        )
      ).rows[0]!.n;
    const before = await rows();
    await shop.shop.pool.query("UPDATE process_manager_checkpoints SET position = 0 WHERE name = 'process-managers'");
    const second = await startShop({ ...shop.shop.config, PORT: await freePort(), RENEWALS_EVERY_MINUTES: 0 });
    try {
      expect(await rows()).toBe(before);
    } finally {
      await second.close();
    }
    const { rows: sent } = await shop.shop.pool.query<{ message_id: string; status: string }>(
      "SELECT message_id, status FROM mail_outbox WHERE status <> 'kept'",
    );
    const ids = smtp.mails.map((m) => /^Message-ID: (<[^>]+>)/im.exec(m.raw)?.[1]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(sent.every((r) => r.status === 'sent')).toBe(true);
    expect(ids.sort()).toEqual(sent.map((r) => r.message_id).sort());
    expect((await outboxRows(buyer)).map((r) => r.subject)).toHaveLength(5);
  });
});
