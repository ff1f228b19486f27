import { DomainError } from '../kernel/decider.js';
import type { OrderEvent } from './order.events.js';

/**
 * Refunds of a paid order (`npm run order:refund`): the money goes back through the gateway first, then
 * `RefundOrder` records it. Totals in integer cents; never more than was paid.
 */
export interface RefundOrder {
  type: 'RefundOrder';
  onum: number;
  /** Cents given back by this refund. */
  amountCents: number;
  /** The refund's key at the gateway: a repeat with the same key appends nothing. */
  idempotencyKey: string;
  reason: string;
  /** The operator who refunded. */
  by: string;
  /** The gateway's reference of the refund (already made). */
  refundReference: string;
  now: string;
}

/** What the order decider keeps of its payment and refunds. */
export interface OrderPayment {
  /** The approved charge's reference, once paid. */
  chargeReference: string | null;
  /** What the charge took (the order's TOTAL), once paid. */
  paidCents: number;
  refundedCents: number;
  /** Every refund key recorded. */
  refundKeys: string[];
}

export const RefundErrors = {
  refund_order_not_found: 'There is no order with this number.',
  refund_not_paid: 'This order is not paid: there is nothing to refund.',
  refund_amount_invalid: 'The refund amount must be a whole number of cents above zero.',
  refund_too_much: 'The refund is more than what is left of the payment.',
  refund_reason_required: 'A refund needs a reason.',
  refund_by_required: 'A refund needs the operator who makes it.',
} as const;

export type RefundErrorCode = keyof typeof RefundErrors;

const fail = (code: RefundErrorCode): never => {
  throw new DomainError(code, RefundErrors[code]);
};

/**
 * What may still be refunded of an order, in cents, and its charge; refuses an order that was never
 * placed or is not paid. The CLI asks it before it calls the gateway; RefundOrder asks it again.
 */
export function refundable(order: { status: string; onum: number | null; payment: OrderPayment }): {
  leftCents: number;
  chargeReference: string;
} {
  if (order.status === 'none' || order.onum === null) return fail('refund_order_not_found');
  const { chargeReference, paidCents, refundedCents } = order.payment;
  if (order.status !== 'paid' || chargeReference === null) return fail('refund_not_paid');
  return { leftCents: paidCents - refundedCents, chargeReference };
}

/** Records a refund the gateway made: at most what is left; the same key twice appends nothing. */
export function refundOrder(
  command: RefundOrder,
  order: { status: string; onum: number | null; customerId: string | null; payment: OrderPayment },
): OrderEvent[] {
  const { leftCents, chargeReference } = refundable(order);
  if (order.payment.refundKeys.includes(command.idempotencyKey)) return []; // the first result stands
  if (!Number.isInteger(command.amountCents) || command.amountCents <= 0) return fail('refund_amount_invalid');
  if (command.amountCents > leftCents) return fail('refund_too_much');
  if (command.reason.trim() === '') return fail('refund_reason_required');
  if (command.by.trim() === '') return fail('refund_by_required');
  const refundedCents = order.payment.refundedCents + command.amountCents;
  return [
    {
      type: 'OrderRefunded',
      data: {
        onum: command.onum,
        customerId: order.customerId,
        amountCents: command.amountCents,
        refundedCents,
        full: refundedCents === order.payment.paidCents,
        reason: command.reason.trim(),
        by: command.by.trim(),
        chargeReference,
        refundReference: command.refundReference,
        idempotencyKey: command.idempotencyKey,
        refundedAt: command.now,
      },
    },
  ];
}
