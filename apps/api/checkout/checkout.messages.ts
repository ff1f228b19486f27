import { Command } from '@nestjs/cqrs';
import type { PayResponse } from '#libs/contracts/cart.js';
import type { PayDto } from './checkout.dto.js';

/**
 * The checkout messages sent on the Nest CommandBus (the deciders' own commands are in
 * libs/domain/order and libs/domain/cart). The controller checks the Idempotency-Key and resolves the
 * cart (CartService.cartIdFor); PayHandler (pay.handler.ts) runs the payment.
 */

/** A well-formed Idempotency-Key (the OpenAPI document of `POST /checkout/pay` names the same pattern). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,200}$/;

/** Who pays: the cart resolved from the request, and the customer (null for a guest). */
export interface PayCaller {
  cartId: string;
  customerId: string | null;
}

/** A Pay press (signed-in sections 3, 4 and 8): answers the PayResponse, a decline included. */
export class PayCommand extends Command<PayResponse> {
  constructor(
    readonly caller: PayCaller,
    readonly input: PayDto,
    /** Already checked against IDEMPOTENCY_KEY_PATTERN. */
    readonly idempotencyKey: string,
  ) {
    super();
  }
}
