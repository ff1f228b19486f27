import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import { Clock } from '#libs/application/clock.js';
import { REDEEM_SUCCESS, type RedeemResponse } from '#libs/contracts/streaming.js';
import { bookCodeDecider, bookCodeStreamId, normalizeCode } from '#libs/domain/streaming/book-code.js';
import type { EventStore, RecordedEvent } from '#libs/eventstore/event-store.port.js';
import { bookOfCode } from '#libs/read-models/stream-products.js';
import { CodeRedeemedProcessManager } from '../entitlements/index.js';
import { EVENT_STORE, PG_POOL } from '../infrastructure/tokens.js';
import { EventSourcedService } from '../kernel/event-sourced.service.js';
import { RedeemCodeCommand } from './streaming.messages.js';

/**
 * Book redeem (signed-in "Book redeem"): the code's stream records CodeRedeemed, once, ever; the
 * entitlements module's CodeRedeemed process manager grants the book. This handler awaits that step,
 * so the answer comes once the book can be watched; a crash in between is completed at the next start
 * (ProcessManagerSubscription). The same customer's retry appends nothing and awaits the grant again.
 */
@CommandHandler(RedeemCodeCommand)
export class RedeemCodeHandler implements ICommandHandler<RedeemCodeCommand> {
  constructor(
    private readonly eventSourced: EventSourcedService,
    private readonly codeRedeemed: CodeRedeemedProcessManager,
    private readonly clock: Clock,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async execute({ customerId, code: typed }: RedeemCodeCommand): Promise<RedeemResponse> {
    const code = typed.trim().toLowerCase() === 'null' ? '' : normalizeCode(typed);
    const book = code === '' ? null : await bookOfCode(this.pool, code);
    // An empty code never names a stream: the decider refuses it before any event (bookcode- alone is never written).
    const result = await this.eventSourced.execute(bookCodeStreamId(code || '-'), bookCodeDecider, {
      type: 'RedeemCode',
      code,
      customerId,
      productId: book?.productId ?? null,
      now: this.clock.now().toISOString(),
    });
    const redeemed = result.events[0] ?? (await this.redemptionOf(code));
    await this.codeRedeemed.handle(redeemed);
    const productId = result.state.redeemed?.productId ?? 0;
    return { OPEN: true, message: REDEEM_SUCCESS, PRODUCTID: productId, PRODUCTNAME: book?.name ?? '' };
  }

  /** The CodeRedeemed of a code this customer redeemed before (the decider appended nothing this time). */
  private async redemptionOf(code: string): Promise<RecordedEvent> {
    const redeemed = (await this.store.readStream(bookCodeStreamId(code))).find((e) => e.type === 'CodeRedeemed');
    if (!redeemed) throw new Error(`Book code ${code}: redeemed, but no CodeRedeemed in its stream`);
    return redeemed;
  }
}
