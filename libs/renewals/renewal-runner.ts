import type { Pool } from 'pg';
import type { Clock } from '#libs/application/clock.js';
import { faultPoint } from '#libs/application/fault-point.js';
import { type AnswerKey, KEY_REUSED_CODE, keptKey, systemKey } from '#libs/application/stored-answers.js';
import type { CommandContext, DecideAndAppendResult } from '#libs/application/decide-and-append.js';
import { rolesOf } from '#libs/domain/entitlements/roles.js';
import { databaseFault } from '#libs/database/database-fault.js';
import { type Decider, type DomainEvent, DomainError, fold } from '#libs/domain/kernel/decider.js';
import type { SubscriptionType } from '#libs/domain/entitlements/entitlements.events.js';
import { orderDecider } from '#libs/domain/order/order.decider.js';
import { type OrderEvent, orderStreamId } from '#libs/domain/order/order.events.js';
import { isSubscriptionType } from '#libs/domain/pricing/renewal.js';
import { type Renewal, renewalDecider } from '#libs/domain/renewal/renewal.decider.js';
import { type RenewalEvent, renewalStreamId } from '#libs/domain/renewal/renewal.events.js';
import { dueRenewals, isNoLongerWanted, renewalNoLongerWanted } from '#libs/domain/renewal/renewal.rules.js';
import type { EventStore, RecordedEvent } from '#libs/eventstore/event-store.port.js';
import type { ChargeResult, PaymentGateway } from '#libs/payments/payment-gateway.js';
import { cardOf } from '#libs/read-models/cards.js';
import { autoRenewSettingsOf, findCustomerById } from '#libs/read-models/customers.js';
import { entitlementsOf } from '#libs/read-models/entitlements.js';
import { renewalProduct } from '#libs/read-models/renewal-offers.js';
import { renewalCandidates, unfinishedRenewals } from '#libs/read-models/renewals.js';
import { countPayment } from '#libs/metrics/metrics.js';
import { nextOrderNumber, type RenewalLocks } from './renewal-locks.js';
import { renewalOrder } from './renewal-order.js';
import { systemContext } from '#libs/application/command-context.js';

/** Recorded when the catalog no longer sells a one-year renewal of the subscription. */
export const RENEWAL_NOT_OFFERED = 'This subscription can no longer be renewed automatically.';

/** The actor of a renewal: nobody asked, the schedule did. */
export const RENEWAL_ACTOR = 'system';

/** What one renewal ended as in this run ('busy': another run holds it now). */
export type RenewalRunOutcome = 'succeeded' | 'failed' | 'cancelled' | 'busy' | 'skipped';

/** What one pass did: the outcome of each renewal it tried, by `customer/type/period`. */
export type RenewalPass = Record<string, RenewalRunOutcome>;

/** One renewal to run: the customer, the subscription and the period (the expiry it renews). */
export interface RenewalKey {
  customerId: string;
  subscriptionType: SubscriptionType;
  period: string;
}

/** What the runner needs from the process it runs in (an API process or the projector process). */
export interface RenewalPorts {
  pool: Pool;
  store: EventStore;
  gateway: PaymentGateway;
  clock: Clock;
  locks: RenewalLocks;
  /** Decides and appends in the given context (the API: EventSourcedService, which waits for the read models). */
  execute<C, S, E extends DomainEvent>(
    context: CommandContext,
    streamId: string,
    decider: Decider<C, S, E>,
    command: C,
  ): Promise<DecideAndAppendResult<S>>;
  /** Grants a paid renewal at once (the API: the OrderPaid process manager); the log's subscription does anyway. */
  grant(paid: RecordedEvent): Promise<void>;
  logError(message: string): void;
}

type RecordedOrderEvent = RecordedEvent & OrderEvent;

/**
 * The automatic renewals (docs/payments.md, Renewals), for any process: the embedded shop's API and
 * the scaled-out projector run the same code. A renewal's stream `renewal-{customer}-{type}-{period}`
 * is the consistency boundary: RenewalStarted is appended at no_stream with the order number drawn for
 * it, so two runs never start it twice. The run holds the key's advisory lock while it works; a run that
 * died drops it with its connection, and the next pass resumes from the log: the order placed or not,
 * paid or not. The payment's key is the shop's own (`system:renewal:...`, kept on RenewalStarted), so a
 * charge repeated after a crash is the same charge. Just before the charge the renewal is decided
 * again on today's facts (renewalNoLongerWanted: the subscription's auto-renew, its own or the
 * account's, the card on file, its expiry): a resumed run whose customer opted out, renewed by hand meanwhile or removed the card
 * cancels it (RenewalCancelled) and charges nothing. A paid order is granted by the OrderPaid process
 * manager, as a checkout's is. The customer's mails (receipt, failure) are written by the mail process
 * manager from RenewalSucceeded and RenewalFailed, once per event (apps/api/entitlements).
 */
export class RenewalRunner {
  constructor(private readonly ports: RenewalPorts) {}

  /**
   * One pass at the clock's now: the renewals left started, and those due for customers with a card on
   * file, of each subscription whose auto-renew is on (its own choice, else the account's). `renew` runs one (the API sends it on its CommandBus; default: `this.renew`).
   */
  async pass(renew: (key: RenewalKey) => Promise<RenewalRunOutcome> = (key) => this.renew(key)): Promise<RenewalPass> {
    const { pool, clock } = this.ports;
    const now = clock.now();
    const work = new Map<string, RenewalKey>();
    const add = (customerId: string, subscriptionType: string, period: string) => {
      if (isSubscriptionType(subscriptionType)) {
        work.set(`${customerId}/${subscriptionType}/${period}`, { customerId, subscriptionType, period });
      }
    };
    for (const r of await unfinishedRenewals(pool)) add(r.customerId, r.subscriptionType, r.period);
    for (const candidate of await renewalCandidates(pool, now)) {
      for (const due of dueRenewals(candidate.subscriptions, now, candidate.autorenew))
        add(candidate.customerId, due.subscriptionType, due.period);
    }
    const pass: RenewalPass = {};
    let outage: unknown = null;
    for (const [name, key] of work) {
      try {
        pass[name] = await renew(key);
      } catch (error) {
        // One renewal's fault (the gateway unreachable) leaves it started: the next pass resumes it.
        this.ports.logError(`Renewal ${name} stopped: ${String(error)}`);
        if (databaseFault(error)) outage ??= error;
      }
    }
    // The database away: the pass fails, so its schedule runs it again once the database is back.
    if (outage) throw outage;
    return pass;
  }

  /** Renews one subscription for one period, or resumes it; answers how it ended in this run. */
  async renew(
    { customerId, subscriptionType, period }: RenewalKey,
    context?: CommandContext,
  ): Promise<RenewalRunOutcome> {
    const { store, locks, clock } = this.ports;
    const streamId = renewalStreamId(customerId, subscriptionType, period);
    const ctx = context ?? systemContext(RENEWAL_ACTOR);
    const held = await locks.hold(streamId);
    if (!held) return 'busy'; // another run (this process or another) is on it
    try {
      let renewal = fold(renewalDecider, (await store.readStream(streamId)) as unknown as RenewalEvent[]);
      if (renewal.status !== 'none' && renewal.status !== 'started') return renewal.status;
      if (renewal.status === 'none') {
        const product = await renewalProduct(this.ports.pool, subscriptionType);
        if (!product) return 'skipped';
        const started = await this.ports.execute(ctx, streamId, renewalDecider, {
          type: 'StartRenewal',
          customerId,
          subscriptionType,
          period,
          onum: await nextOrderNumber(this.ports.pool),
          productId: product.ID,
          idempotencyKey: systemKey('renewal', customerId, subscriptionType, period),
          now: clock.now().toISOString(),
        });
        renewal = started.state;
      }
      return await this.finish(ctx, streamId, renewal);
    } finally {
      await held.release();
    }
  }

  /** Places, charges and records a started renewal, from wherever its last run stopped. */
  private async finish(ctx: CommandContext, streamId: string, renewal: Renewal): Promise<RenewalRunOutcome> {
    const { store, clock } = this.ports;
    const { customerId, onum } = renewal;
    if (customerId === null || onum === null) return 'skipped';
    // Renewals started before keys had namespaces were charged with their stream id.
    const key = keptKey(renewal.idempotencyKey ?? streamId);
    const orderStream = orderStreamId(onum);
    let history = (await store.readStream(orderStream)) as RecordedOrderEvent[];
    if (fold(orderDecider, history).status === 'none') {
      const refused = await this.place(ctx, renewal);
      if (refused !== null) return this.failed(ctx, streamId, renewal, [refused]);
      history = (await store.readStream(orderStream)) as RecordedOrderEvent[];
    }
    let ended = endOf(history, key);
    if (ended === null) {
      // The start's own renewal pass reaches it too: the demo seed renews nothing, so it is armed at once.
      faultPoint('renewal:before-charge', { whileStarting: true });
      const order = fold(orderDecider, history);
      const unwanted = await this.noLongerWanted(renewal);
      // Unwanted: an earlier run's charge with the key stands (answered again); else the key is voided.
      const charge =
        unwanted === null
          ? await this.charge(customerId, key, order.money?.TOTAL ?? 0)
          : await this.ports.gateway.settle(key);
      if (unwanted !== null && !charge.approved) return this.cancelled(ctx, streamId, renewal, unwanted);
      await this.ports.execute(ctx, orderStream, orderDecider, {
        type: 'PayOrder',
        onum,
        idempotencyKey: key,
        gateway: charge.approved
          ? { outcome: 'approved', reference: charge.reference, brand: charge.brand, last4: charge.last4 }
          : { outcome: 'declined', errors: charge.errors },
        now: clock.now().toISOString(),
      });
      ended = endOf((await store.readStream(orderStream)) as RecordedOrderEvent[], key);
    }
    if (ended?.type === 'OrderPaid') {
      await this.ports.grant(ended);
      return this.succeeded(ctx, streamId, renewal, ended);
    }
    // Declined as no longer wanted by a run that died before it cancelled the renewal: cancelled now.
    const declinedAs = ended?.type === 'PaymentDeclined' ? ended.data.errors.find(isNoLongerWanted) : undefined;
    if (declinedAs !== undefined) return this.cancelled(ctx, streamId, renewal, declinedAs);
    return this.failed(ctx, streamId, renewal, ended?.type === 'PaymentDeclined' ? ended.data.errors : []);
  }

  /** Places the renewal's order; answers why it was refused, or null. */
  private async place(ctx: CommandContext, renewal: Renewal): Promise<string | null> {
    const { pool, clock } = this.ports;
    const { customerId, subscriptionType, onum, productId } = renewal;
    if (customerId === null || subscriptionType === null || onum === null) return RENEWAL_NOT_OFFERED;
    const now = clock.now();
    const [customer, product, entitlements] = await Promise.all([
      findCustomerById(pool, customerId),
      renewalProduct(pool, subscriptionType),
      entitlementsOf(pool, customerId),
    ]);
    if (!customer || !product || product.ID !== productId) return RENEWAL_NOT_OFFERED;
    const roles = rolesOf(entitlements, now);
    const command = renewalOrder({ onum, customer, subscriptionType, product, roles, now });
    if (command === null) return RENEWAL_NOT_OFFERED;
    try {
      await this.ports.execute(ctx, orderStreamId(onum), orderDecider, command);
      return null;
    } catch (error) {
      if (error instanceof DomainError) return error.message;
      throw error;
    }
  }

  /**
   * Charges the card on file off-session with the renewal's key. Without a card any more, the key is
   * settled instead: the outcome of a charge an earlier run made, or voided.
   */
  private async charge(customerId: string, key: AnswerKey, amountCents: number): Promise<ChargeResult> {
    const card = await cardOf(this.ports.pool, customerId);
    if (!card) return this.ports.gateway.settle(key);
    let charged: ChargeResult;
    try {
      charged = await this.ports.gateway.charge({ token: card.token, amountCents, idempotencyKey: key });
    } catch (error) {
      // An earlier run charged with this key and another card (the card on file changed since): its answer stands.
      if (error instanceof DomainError && error.code === KEY_REUSED_CODE) return this.ports.gateway.settle(key);
      throw error;
    }
    if (charged.approved || !charged.action) return charged;
    // The bank asks its holder to confirm, and nobody is there: the charge is cancelled (settled as
    // interrupted), the renewal fails with the bank's reason, and its mail links to paying in person.
    await this.ports.gateway.settle(key);
    return { approved: false, errors: charged.errors };
  }

  /** Today's reason not to charge a started renewal, or null (renewalNoLongerWanted on the read models). */
  private async noLongerWanted(renewal: Renewal): Promise<string | null> {
    const { pool } = this.ports;
    const { customerId, subscriptionType, period } = renewal;
    if (customerId === null || subscriptionType === null || period === null) return null;
    const [customer, card, entitlements] = await Promise.all([
      findCustomerById(pool, customerId),
      cardOf(pool, customerId),
      entitlementsOf(pool, customerId),
    ]);
    return renewalNoLongerWanted({
      autorenew: autoRenewSettingsOf(customer),
      cardOnFile: card !== null,
      subscriptions: entitlements.subscriptions,
      subscriptionType,
      period,
    });
  }

  /** Nothing was charged and the renewal is no longer wanted: its order records why, the renewal ends. */
  private async cancelled(
    ctx: CommandContext,
    streamId: string,
    renewal: Renewal,
    reason: string,
  ): Promise<RenewalRunOutcome> {
    const { clock } = this.ports;
    const { onum } = renewal;
    if (onum === null) return 'skipped';
    const now = clock.now().toISOString();
    const key = keptKey(renewal.idempotencyKey ?? streamId);
    await this.ports.execute(ctx, orderStreamId(onum), orderDecider, {
      type: 'PayOrder',
      onum,
      idempotencyKey: key,
      gateway: { outcome: 'declined', errors: [reason] },
      now,
    });
    await this.ports.execute(ctx, streamId, renewalDecider, { type: 'CancelRenewal', reason, now });
    return 'cancelled';
  }

  private async succeeded(
    ctx: CommandContext,
    streamId: string,
    renewal: Renewal,
    paid: RecordedOrderEvent,
  ): Promise<RenewalRunOutcome> {
    const recorded = await this.ports.execute(ctx, streamId, renewalDecider, {
      type: 'RecordRenewalOutcome',
      outcome: { paid: true },
      now: this.ports.clock.now().toISOString(),
    });
    if (recorded.events.length > 0 && paid.type === 'OrderPaid') countPayment('approved');
    return 'succeeded';
  }

  private async failed(
    ctx: CommandContext,
    streamId: string,
    renewal: Renewal,
    errors: string[],
  ): Promise<RenewalRunOutcome> {
    const recorded = await this.ports.execute(ctx, streamId, renewalDecider, {
      type: 'RecordRenewalOutcome',
      outcome: { paid: false, errors },
      now: this.ports.clock.now().toISOString(),
    });
    // Only the run that recorded the outcome counts it.
    if (recorded.events.length > 0) countPayment('declined');
    return 'failed';
  }
}

/** The order's OrderPaid or PaymentDeclined of this renewal's key, if recorded. */
function endOf(history: RecordedOrderEvent[], key: AnswerKey): RecordedOrderEvent | null {
  return (
    history.find((e) => (e.type === 'OrderPaid' || e.type === 'PaymentDeclined') && e.data.idempotencyKey === key) ??
    null
  );
}
