import { Command } from '@nestjs/cqrs';
import type { RedeemResponse, ViewingResponse } from '#libs/contracts/streaming.js';

/**
 * The streaming messages on the Nest CommandBus (one thin handler each in streaming.handlers.ts and
 * redeem.handler.ts). Each runs one decider of libs/domain/streaming on its stream; who asked comes
 * from the request context, the time from the injected Clock.
 */

export class AddFavoriteCommand extends Command<void> {
  constructor(
    readonly customerId: string,
    readonly productId: number,
  ) {
    super();
  }
}

export class RemoveFavoriteCommand extends Command<void> {
  constructor(
    readonly customerId: string,
    readonly productId: number,
  ) {
    super();
  }
}

/** Records the customer's acceptance of a product's Terms of Use (nothing when the product has none). */
export class AcceptTermsCommand extends Command<void> {
  constructor(
    readonly customerId: string,
    readonly productId: number,
  ) {
    super();
  }
}

/**
 * The first play of a viewing (a uuid the client made, or none: the server makes one); it becomes the
 * account's one playback.
 */
export class StartViewingCommand extends Command<ViewingResponse> {
  constructor(
    readonly customerId: string,
    readonly productId: number,
    readonly videoId: number,
    readonly viewingId: string | undefined,
  ) {
    super();
  }
}

/** A heartbeat: the intervals played since the last one and the position; renews the playback. */
export class ReportWatchedCommand extends Command<ViewingResponse> {
  constructor(
    readonly customerId: string,
    readonly viewingId: string,
    readonly intervals: [number, number][],
    /** null: the heartbeat did not say (the resume point stays). */
    readonly position: number | null,
  ) {
    super();
  }
}

/** Redeems a book code as typed; answers once the book can be watched. */
export class RedeemCodeCommand extends Command<RedeemResponse> {
  constructor(
    readonly customerId: string,
    readonly code: string,
  ) {
    super();
  }
}
