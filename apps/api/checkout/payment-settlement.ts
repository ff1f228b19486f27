import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Clock } from '#libs/application/clock.js';
import type { AnswerKey } from '#libs/application/stored-answers.js';
import type { PayResponse } from '#libs/contracts/cart.js';
import { databaseFault } from '#libs/database/database-fault.js';
import { DatabaseHealth } from '#libs/database/database-health.js';
import type { CheckoutReleaseReason } from '#libs/domain/cart/cart.events.js';
import { orderDecider } from '#libs/domain/order/order.decider.js';
import { type OrderEvent, orderStreamId } from '#libs/domain/order/order.events.js';
import { fold } from '#libs/domain/kernel/decider.js';
import { countPayment } from '#libs/metrics/metrics.js';
import type { EventStore, RecordedEvent } from '#libs/eventstore/event-store.port.js';
import {
  type ChargeDeclined,
  type ChargeResult,
  PAYMENT_GATEWAY,
  PAYMENT_INTERRUPTED,
  type PaymentGateway,
} from '#libs/payments/payment-gateway.js';
import { CartService } from '../cart/index.js';
import { EVENT_STORE } from '../infrastructure/tokens.js';
import { EventSourcedService } from '../kernel/event-sourced.service.js';
import { RequestContext } from '../kernel/request-context.js';
import { CheckoutService } from './checkout.service.js';
import { OrderPaidProcessManager } from '../entitlements/index.js';
import { recordAfterPaid } from './pay-steps.js';
import { AWAIT_ACTION_MS, type PaymentClaim, PaymentClaims } from './payment-claims.js';
import { systemContext } from '#libs/application/command-context.js';

/** How often a running shop looks for payments whose process died (the start looks at once). */
const SWEEP_EVERY_MS = 30_000;
/** After a database fault, the pause between sweeps until one runs through. */
const OUTAGE_SWEEP_MS = 1000;

/**
 * Ends a payment, in the normal flow and after a crash (issue: a crash between the gateway's charge
 * and the OrderPaid append neither loses nor doubles money). The caller holds the key's lock.
 * - Charged (OrderPaid recorded, or the gateway says the key was charged): the order is completed
 *   (OrderPaid, access granted, the cart emptied, the card kept and the date of birth recorded when
 *   the press asked, as kept with its claim) and the key answers its ONUM.
 * - Not charged: the gateway voids the key (a late charge with it is refused), the order records the
 *   decline, the cart is free again, and the key answers the decline's ERRORS.
 * On start, and every 30 s, every key without an answer whose lock is free (its process is gone) and
 * that does not wait for its buyer's 3-D Secure step (AWAIT_ACTION_MINUTES) is settled this way, as the `system` actor under a correlation id of its own (no request asked); a
 * repeat of such a key settles it too, in that request's context. A database outage drops the locks of
 * the payments it interrupted with their connections, as a crash does: once any part of the process
 * meets a database fault, a sweep runs every second until one runs through without one, so those
 * payments are settled as soon as the database is back (docs/operations.md, Database outages).
 */
@Injectable()
export class PaymentSettlement implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PaymentSettlement.name);
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<boolean> | null = null;
  private afterOutage: NodeJS.Timeout | null = null;
  private unlisten: (() => void) | null = null;
  private stopped = false;

  constructor(
    private readonly claims: PaymentClaims,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    private readonly eventSourced: EventSourcedService,
    private readonly carts: CartService,
    private readonly checkout: CheckoutService,
    private readonly orderPaid: OrderPaidProcessManager,
    private readonly context: RequestContext,
    private readonly clock: Clock,
    private readonly database: DatabaseHealth,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.sweep();
    this.timer = setInterval(() => void this.sweep(), SWEEP_EVERY_MS);
    this.timer.unref();
    this.unlisten = this.database.onFault(() => this.sweepAfterOutage());
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.unlisten?.();
    if (this.timer) clearInterval(this.timer);
    if (this.afterOutage) clearTimeout(this.afterOutage);
    await this.sweeping;
  }

  /**
   * Settles every unanswered key nobody holds; answers when done (one sweep at a time): true when it
   * ran through without meeting a database fault.
   */
  sweep(): Promise<boolean> {
    this.sweeping ??= this.sweepOnce()
      .catch((error: unknown) => {
        this.logger.error(`Settling interrupted payments failed: ${String(error)}`);
        return databaseFault(error) === null;
      })
      .finally(() => (this.sweeping = null));
    return this.sweeping;
  }

  /** A sweep in a second, and again each second until one runs through without a database fault. */
  private sweepAfterOutage(): void {
    if (this.afterOutage || this.stopped) return;
    this.afterOutage = setTimeout(() => {
      void this.sweep().then((through) => {
        this.afterOutage = null;
        if (!through) this.sweepAfterOutage();
      });
    }, OUTAGE_SWEEP_MS);
    this.afterOutage.unref();
  }

  private async sweepOnce(): Promise<boolean> {
    let through = true;
    for (const key of await this.claims.unanswered(0, this.clock.now())) {
      try {
        await this.settleUnanswered(key);
      } catch (error) {
        // One key the gateway cannot settle yet (e.g. Stripe's search still lags) waits for the next sweep;
        // the keys after it are settled now.
        this.logger.error(`Settling an interrupted payment failed, retried at the next sweep: ${String(error)}`);
        if (databaseFault(error)) through = false;
      }
    }
    return through;
  }

  /**
   * Settles the payment of this key now if it has no answer and no live request holds it (the sweep's
   * step; also a processor's late word that the payment succeeded). Answers what it answered, or null
   * when there was nothing to do.
   */
  async settleUnanswered(key: AnswerKey): Promise<PayResponse | null> {
    const held = await this.claims.hold(key);
    if (!held) return null; // a live request is paying it
    try {
      const claim = await this.claims.find(key);
      if (!claim || claim.response !== null) return null;
      const response = await this.context.run(systemContext(), () => this.settle(claim, { afterCrash: true }));
      this.logger.warn(`Interrupted payment of order ${claim.onum ?? '(none)'} settled: ${JSON.stringify(response)}`);
      return response;
    } finally {
      await held.release();
    }
  }

  /**
   * A payment of this key that waits for its buyer's 3-D Secure step is given up (the buyer pays with
   * another key): ended now, its waiting charge cancelled, unless the buyer confirmed it meanwhile (then
   * it is paid). Answers how it ended; null when it does not wait (running, answered, or none).
   */
  async abandonWaiting(key: AnswerKey): Promise<PayResponse | null> {
    // Read first, without a lock connection: a payment that runs (the common case, e.g. 30 presses of
    // one cart) is waited for by the caller; only one waiting for its buyer is worth a lock.
    const seen = await this.claims.find(key);
    if (!seen || seen.response !== null || seen.awaitingActionUntil === null) return null;
    const held = (await this.claims.isHeld(key)) ? null : await this.claims.hold(key);
    if (!held) return null; // its browser's repeat is settling it now
    try {
      const claim = await this.claims.find(key);
      if (!claim || claim.response !== null || claim.awaitingActionUntil === null) return null;
      return await this.settle(claim, { abandonWaiting: true });
    } finally {
      await held.release();
    }
  }

  /**
   * Ends an unanswered payment from the log and the gateway (the caller holds its lock); answers and
   * records the answer. `afterCrash`: the sweep settles a payment whose process died (counted as such);
   * `abandonWaiting`: a charge still waiting for its holder's authentication is cancelled, not kept.
   */
  async settle(
    claim: PaymentClaim,
    { afterCrash = false, abandonWaiting = false }: { afterCrash?: boolean; abandonWaiting?: boolean } = {},
  ): Promise<PayResponse> {
    const counted = (outcome: 'approved' | 'declined'): void =>
      countPayment(afterCrash ? 'settled_after_crash' : outcome);
    if (claim.onum === null) {
      // Stopped before an order number was drawn: no order, no charge. Void the key all the same.
      const charge = await this.gateway.settle(claim.idempotencyKey);
      counted('declined');
      return this.declined(claim, charge);
    }
    const history = (await this.store.readStream(orderStreamId(claim.onum))) as unknown as (RecordedEvent &
      OrderEvent)[];
    const paid = history.find((e) => e.type === 'OrderPaid' && e.data.idempotencyKey === claim.idempotencyKey);
    if (paid) {
      if (afterCrash) countPayment('settled_after_crash'); // charged and recorded, the answer lost with the process
      return this.completePaid(claim, paid);
    }
    const waiting =
      !abandonWaiting && claim.awaitingActionUntil !== null && claim.awaitingActionUntil > this.clock.now();
    const charge = await this.gateway.settle(claim.idempotencyKey, { keepWaiting: waiting });
    if (!charge.approved && charge.action) return this.awaitAction(claim, charge.action);
    const order = fold(orderDecider, history);
    if (order.status === 'none') {
      counted('declined');
      return this.declined(claim, charge);
    }
    const result = await this.eventSourced.execute(orderStreamId(claim.onum), orderDecider, {
      type: 'PayOrder',
      onum: claim.onum,
      idempotencyKey: claim.idempotencyKey,
      gateway: charge.approved
        ? { outcome: 'approved', reference: charge.reference, brand: charge.brand, last4: charge.last4 }
        : { outcome: 'declined', errors: charge.errors },
      now: this.clock.now().toISOString(),
    });
    const event = result.events[0];
    counted(event?.type === 'OrderPaid' ? 'approved' : 'declined');
    if (event?.type === 'OrderPaid') return this.completePaid(claim, event, charge);
    return this.declined(claim, charge);
  }

  /**
   * A paid order: access granted, the cart emptied, what the press asked beyond the charge done (the
   * card kept, the date of birth and the auto-renew chosen recorded), the key answered with its ONUM. `charge`: the gateway's
   * answer when this run has it (null: asked again when the card is to be kept).
   */
  async completePaid(
    claim: PaymentClaim,
    paid: RecordedEvent,
    charge: ChargeResult | null = null,
  ): Promise<PayResponse> {
    const onum = claim.onum ?? Number((paid.data as { onum: number }).onum);
    await this.orderPaid.handle(paid);
    await this.context.causedBy(paid.id, () =>
      this.carts.execute({
        type: 'CompleteCheckout',
        cartId: claim.cartId,
        onum,
        idempotencyKey: claim.idempotencyKey,
      }),
    );
    // Before the answer: a process that dies in between leaves the key unanswered, settled again.
    await this.context.causedBy(paid.id, () => this.finishAsked(claim, charge));
    const ONUM = String(onum);
    const response: PayResponse = {
      ONUM,
      ERRORS: [],
      RECEIPTTOKEN: claim.customerId === null ? this.checkout.receiptToken(ONUM) : null,
    };
    await this.claims.answer(claim.idempotencyKey, response);
    return response;
  }

  /** What a customer's press asked beyond the charge (kept with the claim), done as the request would have. */
  private async finishAsked(claim: PaymentClaim, charge: ChargeResult | null): Promise<void> {
    const { customerId, saveCard, dobEncrypted, autorenew } = claim;
    if (customerId === null || (!saveCard && dobEncrypted === null && autorenew === null)) return;
    // Paid by an earlier run: the gateway answers the key's charge again, its token with it.
    const answer = charge ?? (saveCard ? await this.gateway.settle(claim.idempotencyKey) : null);
    const asked = { saveCard, dobEncrypted, autorenew };
    await recordAfterPaid(this.eventSourced, this.store, {
      customerId,
      onum: claim.onum,
      asked,
      charge: answer,
      now: this.clock.now().toISOString(),
    });
  }

  /**
   * The buyer's bank asks for 3-D Secure: nothing is charged yet, the cart stays taken, and the key is
   * not answered: the browser confirms (Stripe.js) and sends the same Pay again, whose settlement ends
   * it; a sweep cancels it once AWAIT_ACTION_MS have passed.
   */
  async awaitAction(claim: PaymentClaim, action: NonNullable<ChargeDeclined['action']>): Promise<PayResponse> {
    if (claim.awaitingActionUntil === null) {
      await this.claims.awaitAction(claim.idempotencyKey, new Date(this.clock.now().getTime() + AWAIT_ACTION_MS));
    }
    return {
      ONUM: null,
      ERRORS: [],
      RECEIPTTOKEN: null,
      ACTION: { TYPE: 'authenticate', CLIENTSECRET: action.clientSecret },
    };
  }

  /** No money moved: the cart is free again and the key answers the decline. */
  async declined(claim: PaymentClaim, charge: ChargeResult): Promise<PayResponse> {
    // The buyer reads the shop's words; the processor's own reason is kept here (order, never the card).
    if (!charge.approved && charge.processorReason) {
      this.logger.log(
        `Payment of order ${claim.onum ?? '(none)'} declined by the processor: ${charge.processorReason}`,
      );
    }
    const interrupted = !charge.approved && charge.errors.includes(PAYMENT_INTERRUPTED);
    await this.release(claim, interrupted ? 'abandoned' : 'declined');
    const errors = charge.approved ? [] : charge.errors;
    const response: PayResponse = {
      ONUM: null,
      ERRORS: errors.length > 0 ? errors : ['Your card was declined.'],
      RECEIPTTOKEN: null,
    };
    await this.claims.answer(claim.idempotencyKey, response);
    return response;
  }

  /** Frees the cart this key took, if it did. */
  async release(claim: PaymentClaim, reason: CheckoutReleaseReason): Promise<void> {
    if (claim.onum === null) return;
    await this.carts.execute({
      type: 'ReleaseCheckout',
      cartId: claim.cartId,
      onum: claim.onum,
      idempotencyKey: claim.idempotencyKey,
      reason,
    });
  }
}
