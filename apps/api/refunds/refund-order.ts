import { createHash } from 'node:crypto';
import type { Clock } from '#libs/application/clock.js';
import { decideAndAppend } from '#libs/application/decide-and-append.js';
import { type Order, orderDecider } from '#libs/domain/order/order.decider.js';
import { type OrderEvent, type OrderRefunded, orderStreamId } from '#libs/domain/order/order.events.js';
import { RefundErrors, refundable } from '#libs/domain/order/order.refund.js';
import { DomainError } from '#libs/domain/kernel/decider.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { countPayment } from '#libs/metrics/metrics.js';
import type { PaymentGateway } from '#libs/payments/payment-gateway.js';
import { operatorContext } from '#libs/application/command-context.js';
import { type AnswerKey, clientKey, KEY_REUSED, KEY_REUSED_CODE, systemKey } from '#libs/application/stored-answers.js';

/** What `npm run order:refund` was asked. */
export interface RefundArguments {
  onum: number;
  /** Cents; null gives back all that is left (a full refund). */
  amountCents: number | null;
  reason: string;
  /** The operator. */
  by: string;
  /**
   * The operator's key for this refund (kept in this order's namespace of keys: the same key on another
   * order is another refund); null derives it from the order and the arguments (refundKey).
   */
  key: string | null;
}

export type RefundOutcome =
  /** Recorded now (`OrderRefunded`). */
  | { outcome: 'refunded'; event: OrderRefunded['data'] }
  /** The same key was recorded before: nothing moved this time. */
  | { outcome: 'already_refunded'; event: OrderRefunded['data'] }
  /** The gateway refused: nothing moved, nothing recorded. */
  | { outcome: 'refused'; errors: string[] };

export interface RefundDependencies {
  store: EventStore;
  gateway: PaymentGateway;
  clock: Clock;
}

/**
 * The refund's key when none is given: the order, the amount asked (`all` for the rest) and the reason.
 * The same command run twice gets the same key, so the money moves once and one OrderRefunded is
 * recorded (also when the first run died between the gateway and the append); a second refund of the
 * same amount for the same reason needs its own `--key`.
 */
export function refundKey(onum: number, amountCents: number | null, reason: string): AnswerKey {
  const digest = createHash('sha256')
    .update(JSON.stringify([onum, amountCents ?? 'all', reason.trim()]))
    .digest('hex');
  return systemKey('refund', onum, digest.slice(0, 24));
}

const fold = (history: readonly { type: string; data: unknown }[]): Order =>
  history.reduce((state, e) => orderDecider.evolve(state, e as OrderEvent), orderDecider.initialState);

const recordedWith = (history: readonly { type: string; data: unknown }[], key: string) =>
  history
    .map((e) => e as OrderEvent)
    .find((e): e is OrderRefunded => e.type === 'OrderRefunded' && e.data.idempotencyKey === key)?.data;

/**
 * Refunds a paid order: checks it against the order (paid, at most what is left), gives the money back
 * through the gateway with the refund's key, then records OrderRefunded under the one write path. A
 * refusal of the order decider is a DomainError (RefundErrors); the gateway's refusal is an outcome.
 * Two refunds of one order at once: the gateway gives back at most what the charge took, and the
 * append decides again on a conflict, so both fit or one is refused; never more than was paid.
 */
export async function refundOrder(deps: RefundDependencies, args: RefundArguments): Promise<RefundOutcome> {
  const { store, gateway, clock } = deps;
  const streamId = orderStreamId(args.onum);
  const key =
    args.key !== null
      ? clientKey({ orderNumber: args.onum }, args.key)
      : refundKey(args.onum, args.amountCents, args.reason);
  const history = await store.readStream(streamId);
  const order = fold(history);
  const { leftCents, chargeReference } = refundable(order);
  const earlier = recordedWith(history, key);
  if (earlier) {
    // The key's refund was recorded: the same refund asked again, or another one under a key in use.
    const sameAmount = args.amountCents === null || args.amountCents === earlier.amountCents;
    if (!sameAmount || args.reason.trim() !== earlier.reason.trim()) throw new DomainError(KEY_REUSED_CODE, KEY_REUSED);
    return { outcome: 'already_refunded', event: earlier };
  }
  const amountCents = args.amountCents ?? leftCents;
  if (!Number.isInteger(amountCents) || amountCents <= 0) {
    // A full refund of what is already given back: nothing is left.
    const code = args.amountCents === null ? 'refund_too_much' : 'refund_amount_invalid';
    throw new DomainError(code, RefundErrors[code]);
  }
  if (amountCents > leftCents) throw new DomainError('refund_too_much', RefundErrors.refund_too_much);
  if (args.reason.trim() === '') throw new DomainError('refund_reason_required', RefundErrors.refund_reason_required);

  const result = await gateway.refund({ chargeReference, amountCents, idempotencyKey: key, reason: args.reason });
  if (!result.refunded) return { outcome: 'refused', errors: result.errors };

  // No request runs here: the operator is the actor, and the refund starts its own correlation.
  const context = operatorContext(args.by);
  const command = {
    type: 'RefundOrder' as const,
    onum: args.onum,
    amountCents: result.amountCents,
    idempotencyKey: key,
    reason: args.reason,
    by: args.by,
    refundReference: result.reference,
    now: clock.now().toISOString(),
  };
  const appended = await decideAndAppend(store, streamId, orderDecider, command, context, { clock });
  const event = appended.events[0] as OrderRefunded | undefined;
  if (event) {
    countPayment('refunded');
    return { outcome: 'refunded', event: event.data };
  }
  // Recorded meanwhile by a run with the same key.
  const recorded = recordedWith(await store.readStream(streamId), key);
  if (!recorded) throw new Error(`order ${args.onum}: the refund ${key} was neither appended nor found`);
  return { outcome: 'already_refunded', event: recorded };
}
