import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Pool } from 'pg';
import { Clock } from '#libs/application/clock.js';
import type { Config } from '#libs/config/config.js';
import { DomainError, fold } from '#libs/domain/kernel/decider.js';
import type { SubscriptionType } from '#libs/domain/entitlements/entitlements.events.js';
import { orderDecider } from '#libs/domain/order/order.decider.js';
import { type OrderEvent, orderStreamId } from '#libs/domain/order/order.events.js';
import { type Renewal, renewalDecider } from '#libs/domain/renewal/renewal.decider.js';
import { renewalStreamId } from '#libs/domain/renewal/renewal.events.js';
import type { EventStore, RecordedEvent } from '#libs/eventstore/event-store.port.js';
import type { Mailer } from '#libs/mail/mailer.js';
import { renewalFailedMail, renewalReceiptMail } from '#libs/mail/renewal-mails.js';
import { type ChargeResult, PAYMENT_GATEWAY, type PaymentGateway } from '#libs/payments/payment-gateway.js';
import { cardOf } from '#libs/read-models/cards.js';
import { findCustomerById } from '#libs/read-models/customers.js';
import { renewalProduct } from '#libs/read-models/renewal-offers.js';
import { PaymentClaims } from '../checkout/index.js';
import { OrderPaidProcessManager } from '../entitlements/index.js';
import { publicBaseUrl, RolesService } from '../identity/index.js';
import { CONFIG, EVENT_STORE, MAILER, PG_POOL } from '../infrastructure/tokens.js';
import { EventSourcedService } from '../kernel/event-sourced.service.js';
import { renewalOrder } from './renewal-order.js';
import type { RenewalRunOutcome } from './renewals.messages.js';

/** Recorded when the catalog no longer sells a one-year renewal of the subscription. */
export const RENEWAL_NOT_OFFERED = 'This subscription can no longer be renewed automatically.';

type RecordedOrderEvent = RecordedEvent & OrderEvent;

/**
 * One automatic renewal, start to end (docs/payments.md, Renewals). Its stream
 * `renewal-{customer}-{type}-{period}` is the consistency boundary: RenewalStarted is appended at
 * no_stream with the order number drawn for it, so two runs (two nodes) never start it twice. The
 * run holds the stream id's advisory lock (PaymentClaims.hold) while it works; a run that died drops
 * it with its connection, and the next pass resumes from the log: the order placed or not, paid or
 * not. The stream id is the payment's Idempotency-Key, so a charge repeated after a crash is the same
 * charge. A paid order grants through the OrderPaid process manager, as a checkout does.
 */
@Injectable()
export class RenewalService {
  private readonly logger = new Logger(RenewalService.name);

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(CONFIG) private readonly config: Config,
    private readonly claims: PaymentClaims,
    private readonly eventSourced: EventSourcedService,
    private readonly orderPaid: OrderPaidProcessManager,
    private readonly roles: RolesService,
    private readonly clock: Clock,
  ) {}

  async renew(customerId: string, subscriptionType: SubscriptionType, period: string): Promise<RenewalRunOutcome> {
    const streamId = renewalStreamId(customerId, subscriptionType, period);
    const held = await this.claims.hold(streamId);
    if (!held) return 'busy'; // another run (this node or another) is on it
    try {
      let renewal = fold(renewalDecider, (await this.store.readStream(streamId)) as never[]);
      if (renewal.status === 'succeeded' || renewal.status === 'failed') return renewal.status;
      if (renewal.status === 'none') {
        const product = await renewalProduct(this.pool, subscriptionType);
        if (!product) return 'skipped';
        const started = await this.eventSourced.execute(streamId, renewalDecider, {
          type: 'StartRenewal',
          customerId,
          subscriptionType,
          period,
          onum: await this.claims.nextOrderNumber(),
          productId: product.ID,
          idempotencyKey: streamId,
          now: this.clock.now().toISOString(),
        });
        renewal = started.state;
      }
      return await this.finish(streamId, renewal);
    } finally {
      await held.release();
    }
  }

  /** Places, charges and records a started renewal, from wherever its last run stopped. */
  private async finish(streamId: string, renewal: Renewal): Promise<RenewalRunOutcome> {
    const { customerId, subscriptionType, onum } = renewal;
    if (customerId === null || subscriptionType === null || onum === null) return 'skipped';
    const orderStream = orderStreamId(onum);
    let history = (await this.store.readStream(orderStream)) as RecordedOrderEvent[];
    if (fold(orderDecider, history).status === 'none') {
      const refused = await this.place(renewal);
      if (refused !== null) return this.failed(streamId, renewal, [refused]);
      history = (await this.store.readStream(orderStream)) as RecordedOrderEvent[];
    }
    let ended = this.endOf(history, streamId);
    if (ended === null) {
      const order = fold(orderDecider, history);
      const charge = await this.charge(customerId, streamId, order.money?.TOTAL ?? 0);
      await this.eventSourced.execute(orderStream, orderDecider, {
        type: 'PayOrder',
        onum,
        idempotencyKey: streamId,
        gateway: charge.approved
          ? { outcome: 'approved', reference: charge.reference, brand: charge.brand, last4: charge.last4 }
          : { outcome: 'declined', errors: charge.errors },
        now: this.clock.now().toISOString(),
      });
      ended = this.endOf((await this.store.readStream(orderStream)) as RecordedOrderEvent[], streamId);
    }
    if (ended?.type === 'OrderPaid') {
      await this.orderPaid.handle(ended);
      return this.succeeded(streamId, renewal, ended);
    }
    return this.failed(streamId, renewal, ended?.type === 'PaymentDeclined' ? ended.data.errors : []);
  }

  /** Places the renewal's order; answers why it was refused, or null. */
  private async place(renewal: Renewal): Promise<string | null> {
    const { customerId, subscriptionType, onum, productId } = renewal;
    if (customerId === null || subscriptionType === null || onum === null) return RENEWAL_NOT_OFFERED;
    const [customer, product, roles] = await Promise.all([
      findCustomerById(this.pool, customerId),
      renewalProduct(this.pool, subscriptionType),
      this.roles.rolesOf(customerId),
    ]);
    if (!customer || !product || product.ID !== productId) return RENEWAL_NOT_OFFERED;
    const command = renewalOrder({ onum, customer, subscriptionType, product, roles, now: this.clock.now() });
    if (command === null) return RENEWAL_NOT_OFFERED;
    try {
      await this.eventSourced.execute(orderStreamId(onum), orderDecider, command);
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
  private async charge(customerId: string, key: string, amountCents: number): Promise<ChargeResult> {
    const card = await cardOf(this.pool, customerId);
    if (!card) return this.gateway.settle(key);
    return this.gateway.charge({ token: card.token, amountCents, idempotencyKey: key });
  }

  /** The order's OrderPaid or PaymentDeclined of this renewal's key, if recorded. */
  private endOf(history: RecordedOrderEvent[], key: string): RecordedOrderEvent | null {
    return (
      history.find((e) => (e.type === 'OrderPaid' || e.type === 'PaymentDeclined') && e.data.idempotencyKey === key) ??
      null
    );
  }

  private async succeeded(streamId: string, renewal: Renewal, paid: RecordedOrderEvent): Promise<RenewalRunOutcome> {
    const recorded = await this.eventSourced.execute(streamId, renewalDecider, {
      type: 'RecordRenewalOutcome',
      outcome: { paid: true },
      now: this.clock.now().toISOString(),
    });
    // Only the run that recorded the outcome mails it.
    if (recorded.events.length > 0 && paid.type === 'OrderPaid') {
      const to = await this.addressee(renewal);
      const { onum, TOTAL, gateway } = paid.data;
      if (to) {
        await this.send(
          renewalReceiptMail({ ...to, onum, totalCents: TOTAL, card: `${gateway.brand} ending in ${gateway.last4}` }),
        );
      }
    }
    return 'succeeded';
  }

  private async failed(streamId: string, renewal: Renewal, errors: string[]): Promise<RenewalRunOutcome> {
    const recorded = await this.eventSourced.execute(streamId, renewalDecider, {
      type: 'RecordRenewalOutcome',
      outcome: { paid: false, errors },
      now: this.clock.now().toISOString(),
    });
    // Only the run that recorded the outcome mails it; the link puts the renewal in the cart (the toast's link).
    if (recorded.events.length > 0) {
      const to = await this.addressee(renewal);
      const payPath = `/cart?renew=${renewal.subscriptionType}&term=1`;
      if (to) await this.send(renewalFailedMail({ ...to, errors: recorded.state.errors, payPath }));
    }
    return 'failed';
  }

  private async addressee(renewal: Renewal) {
    if (renewal.customerId === null || renewal.subscriptionType === null || renewal.period === null) return null;
    const [customer, product] = await Promise.all([
      findCustomerById(this.pool, renewal.customerId),
      renewalProduct(this.pool, renewal.subscriptionType),
    ]);
    if (!customer) return null;
    return {
      baseUrl: publicBaseUrl(this.config),
      email: customer.email,
      firstname: customer.firstname,
      productName: product?.NAME ?? renewal.subscriptionType,
      period: renewal.period,
    };
  }

  /** A mail that cannot be sent is logged: the renewal stands as recorded. */
  private async send(mail: Parameters<Mailer['send']>[0]): Promise<void> {
    await this.mailer.send(mail).catch((error: unknown) => {
      this.logger.error(`Renewal mail to ${mail.to} failed: ${String(error)}`);
    });
  }
}
