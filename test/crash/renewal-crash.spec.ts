import { SystemClock } from '#libs/application/clock.js';
import { systemContext } from '#libs/application/command-context.js';
import { decideAndAppend } from '#libs/application/decide-and-append.js';
import { systemKey } from '#libs/application/stored-answers.js';
import { entitlementsDecider } from '#libs/domain/entitlements/entitlements.decider.js';
import { entitlementsStreamId } from '#libs/domain/entitlements/entitlements.events.js';
import { RENEWAL_NO_LONGER_WANTED } from '#libs/domain/renewal/renewal.rules.js';
import { createEventStore } from '#libs/eventstore/create-event-store.js';
import { SANDBOX_VISA } from '../support/checkout-fixtures.js';
import { outboxValidationLink, registerAndValidate } from '../support/customer-fixtures.js';
import { shopClient } from '../support/shop-client.js';
import { useCrashTest } from './crash-test.js';
import { killGroup } from './shop-process.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const EMAIL = 'renewal-crash@example.test';

/** The customer signed in on a shop (the registration's password). */
async function login(base: string): Promise<{ token: string }> {
  const answer = await shopClient(() => base).call<{ token: string }>({}, 'POST', '/auth/login', {
    email: EMAIL,
    password: 'Secret-pass-1',
    version: 5,
  });
  return { token: answer.body.token };
}

/**
 * A crash between a renewal's start and its charge, then a customer who says no: the built shop runs
 * with the fault point `renewal:before-charge`, which kills it when its start-of-shop renewal pass has
 * started a due renewal and placed its order. While the pass is down, the customer turns auto-renew off.
 * The next start resumes the renewal, decides it again on today's facts, cancels it and charges nothing.
 */
describe('a crash between a renewal and its charge, and auto-renew turned off meanwhile', () => {
  const crash = useCrashTest('renewal-crash');
  const { count } = crash;

  it('the resumed renewal is cancelled: no charge, the order declined with the reason, RenewalCancelled once', async () => {
    // A customer with auto-renew on, a card on file and a subscription expiring in three days: due now.
    const setup = await crash.start({ RENEWALS_EVERY_MINUTES: '0' });
    const { call } = shopClient(() => setup.base);
    await registerAndValidate(setup.base, EMAIL, (e) => outboxValidationLink(crash.db.pool, e), { autorenew: 1 });
    const who = await login(setup.base);
    expect((await call(who, 'PUT', '/account/card', { pay: SANDBOX_VISA })).status).toBe(200);
    const customerId = (JSON.parse(Buffer.from(who.token.split('.')[1]!, 'base64url').toString()) as { sub: string })
      .sub;
    const expiresAt = new Date(Date.now() + 3 * DAY_MS).toISOString();
    const period = expiresAt.slice(0, 10);
    const store = await createEventStore({ EVENTSTORE_URL: undefined }, crash.db.pool);
    try {
      await decideAndAppend(
        store,
        entitlementsStreamId(customerId),
        entitlementsDecider,
        {
          type: 'GrantSubscription',
          customerId,
          subscriptionType: 'elearning',
          startsAt: new Date().toISOString(),
          expiresAt,
          source: 'test:renewal-crash',
        },
        systemContext('test'),
        { clock: new SystemClock() },
      );
    } finally {
      await store.close();
    }
    const subscriptions = () =>
      count(`SELECT count(*) AS n FROM entitlement_subscriptions WHERE customer_id = $1`, [customerId]);
    for (let i = 0; i < 100 && (await subscriptions()) === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await subscriptions()).toBe(1);
    killGroup(setup.shop);
    await setup.shop.exited();

    // The start's renewal pass starts the renewal, places its order and dies before deciding and charging.
    const dying = await crash.launch({ SHOP_FAULT_POINT: 'renewal:before-charge', RENEWALS_EVERY_MINUTES: '60' });
    await dying.exited();
    killGroup(dying);
    const stream = `renewal-${customerId}-elearning-${period}`;
    const events = (type: string) =>
      count(`SELECT count(*) AS n FROM es_events WHERE stream_id = $1 AND type = $2`, [stream, type]);
    expect(await events('RenewalStarted')).toBe(1);
    const key = systemKey('renewal', customerId, 'elearning', period);
    const charges = () =>
      count(
        `SELECT count(*) AS n FROM sandbox_gateway_charges WHERE idempotency_key = $1 AND (result->>'approved')::boolean`,
        [key],
      );
    expect(await charges()).toBe(0);

    // Meanwhile the customer turns auto-renew off (a shop that runs no renewal pass).
    const quiet = await crash.start({ RENEWALS_EVERY_MINUTES: '0' });
    const later = shopClient(() => quiet.base);
    const again = await login(quiet.base);
    expect((await later.call(again, 'PUT', '/account/auto-renew', { autorenew: 0 })).status).toBe(200);
    killGroup(quiet.shop);
    await quiet.shop.exited();

    // The next start resumes the renewal: decided again, it is cancelled and nothing is charged.
    const resumed = await crash.start({ RENEWALS_EVERY_MINUTES: '60' });
    for (let i = 0; i < 200 && (await events('RenewalCancelled')) === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await events('RenewalCancelled')).toBe(1);
    expect(await events('RenewalSucceeded')).toBe(0);
    expect(await charges()).toBe(0);
    const declined = await crash.db.pool.query<{ errors: string[] }>(
      `SELECT data->'errors' AS errors FROM es_events
        WHERE type = 'PaymentDeclined' AND data->>'idempotencyKey' = $1`,
      [key],
    );
    expect(declined.rows.map((r) => r.errors)).toEqual([[RENEWAL_NO_LONGER_WANTED.autoRenewOff]]);
    killGroup(resumed.shop);
  });
});
