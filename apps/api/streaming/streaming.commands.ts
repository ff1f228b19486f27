import { randomUUID } from 'node:crypto';
import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import type { CommandContext } from '#libs/application/decide-and-append.js';
import {
  NOT_AUTHORIZED,
  REDEEM_SUCCESS,
  type RedeemResponse,
  type ViewingResponse,
} from '#libs/contracts/streaming.js';
import { bookCodeDecider, bookCodeStreamId, normalizeCode } from '#libs/domain/streaming/book-code.js';
import { favoritesDecider, favoritesStreamId } from '#libs/domain/streaming/favorites.js';
import { hasTerms, termsDecider, termsStreamId } from '#libs/domain/streaming/terms.js';
import { type Viewing, viewingDecider, viewingStreamId } from '#libs/domain/streaming/viewing.js';
import { bookOfCode } from '#libs/read-models/stream-products.js';
import { GrantEntitlementCommand } from '../entitlements/index.js';
import type { AuthUser } from '../identity/index.js';
import { PG_POOL } from '../infrastructure/tokens.js';
import { EventSourcedService } from '../shared/event-sourced.service.js';
import { StreamAccess } from './stream-access.js';
import { StreamingClock } from './streaming-clock.js';

const contextOf = (user: AuthUser): CommandContext => ({ actorId: user.customerId, correlationId: randomUUID() });

/**
 * The streaming commands: each decides on its stream through EventSourcedService, which waits until the
 * read models show the result (read-your-writes: the next call sees the favourite, the terms, the code).
 */
@Injectable()
export class StreamingCommands {
  constructor(
    private readonly eventSourced: EventSourcedService,
    private readonly commands: CommandBus,
    private readonly access: StreamAccess,
    private readonly clock: StreamingClock,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async favorite(user: AuthUser, productId: number, add: boolean): Promise<void> {
    const now = this.clock.now().toISOString();
    const command = add
      ? { type: 'AddFavorite' as const, customerId: user.customerId, productId, now }
      : { type: 'RemoveFavorite' as const, customerId: user.customerId, productId, now };
    await this.eventSourced.execute(favoritesStreamId(user.customerId), favoritesDecider, command);
  }

  async acceptTerms(user: AuthUser, productId: number): Promise<void> {
    await this.access.require(user.customerId, productId);
    if (!hasTerms(productId)) return;
    const command = { type: 'AcceptTerms' as const, customerId: user.customerId, productId, now: this.now() };
    await this.eventSourced.execute(termsStreamId(user.customerId), termsDecider, command, contextOf(user));
  }

  async startViewing(user: AuthUser, productId: number, videoId: number, viewingId?: string): Promise<ViewingResponse> {
    const { product, access } = await this.access.require(user.customerId, productId);
    if (!product.TITLES.some((t) => t.ID === videoId)) throw new NotFoundException(NOT_AUTHORIZED);
    const id = viewingId ?? randomUUID();
    const command = {
      type: 'StartViewing' as const,
      viewingId: id,
      customerId: user.customerId,
      productId,
      videoId,
      planType: access.planType,
      now: this.now(),
    };
    const result = await this.eventSourced.execute(viewingStreamId(id), viewingDecider, command, contextOf(user));
    return viewingAnswer(id, result.state);
  }

  async reportWatched(user: AuthUser, viewingId: string, seconds: number, position: number): Promise<ViewingResponse> {
    const command = { type: 'ReportWatched' as const, customerId: user.customerId, seconds, position, now: this.now() };
    const result = await this.eventSourced.execute(
      viewingStreamId(viewingId),
      viewingDecider,
      command,
      contextOf(user),
    );
    return viewingAnswer(viewingId, result.state);
  }

  /** Redeems a book code once, ever, then grants the book's videos (the next call has access). */
  async redeem(user: AuthUser, typed: string): Promise<RedeemResponse> {
    const code = typed.trim().toLowerCase() === 'null' ? '' : normalizeCode(typed);
    const book = code === '' ? null : await bookOfCode(this.pool, code);
    const context = contextOf(user);
    const command = {
      type: 'RedeemCode' as const,
      code,
      customerId: user.customerId,
      productId: book?.productId ?? null,
      now: this.now(),
    };
    // An empty code never names a stream: the decider refuses it before any event (bookcode- alone is never written).
    await this.eventSourced.execute(bookCodeStreamId(code || '-'), bookCodeDecider, command, context);
    const productId = book?.productId as number;
    await this.commands.execute(
      new GrantEntitlementCommand(
        user.customerId,
        { kind: 'product', productId, productType: 'STREAMING', source: `bookcode:${code}` },
        context,
      ),
    );
    return { OPEN: true, message: REDEEM_SUCCESS, PRODUCTID: productId, PRODUCTNAME: book?.name ?? '' };
  }

  private now(): string {
    return this.clock.now().toISOString();
  }
}

function viewingAnswer(viewingId: string, state: Viewing): ViewingResponse {
  return {
    VIEWINGID: viewingId,
    WATCHED: state.totalSeconds,
    LONGVIEW: state.longView,
    STOP: state.longView,
    PLANTYPE: state.started?.planType ?? 0,
  };
}
