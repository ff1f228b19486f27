import { randomUUID } from 'node:crypto';
import { NotFoundException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '#libs/application/clock.js';
import { NOT_AUTHORIZED, type ViewingResponse } from '#libs/contracts/streaming.js';
import { favoritesDecider, favoritesStreamId } from '#libs/domain/streaming/favorites.js';
import { termsDecider, termsStreamId } from '#libs/domain/streaming/terms.js';
import { type Viewing, viewingDecider, viewingStreamId } from '#libs/domain/streaming/viewing.js';
import { EventSourcedService } from '../kernel/event-sourced.service.js';
import { CatalogFacts } from '../catalog/index.js';
import { Playbacks } from './playbacks.js';
import { StreamAccess } from './stream-access.js';
import { StreamCatalog } from './stream-catalog.js';
import {
  AcceptTermsCommand,
  AddFavoriteCommand,
  RemoveFavoriteCommand,
  ReportWatchedCommand,
  StartViewingCommand,
} from './streaming.messages.js';

/**
 * The streaming handlers: each gathers what its decider needs (the access rule's answer, the catalog's
 * facts, the time) and decides on its stream through EventSourcedService, which waits until the read
 * models show the result (the next call sees the favourite, the terms, the viewing).
 */

/** Adds a favourite: a stream product only (404 otherwise); adding it again appends nothing. */
@CommandHandler(AddFavoriteCommand)
export class AddFavoriteHandler implements ICommandHandler<AddFavoriteCommand> {
  constructor(
    private readonly eventSourced: EventSourcedService,
    private readonly catalog: StreamCatalog,
    private readonly clock: Clock,
  ) {}

  async execute({ customerId, productId }: AddFavoriteCommand): Promise<void> {
    if (!(await this.catalog.product(productId))) throw new NotFoundException(NOT_AUTHORIZED);
    const now = this.clock.now().toISOString();
    await this.eventSourced.execute(favoritesStreamId(customerId), favoritesDecider, {
      type: 'AddFavorite',
      customerId,
      productId,
      now,
    });
  }
}

/** Removes a favourite; removing one that is not there appends nothing. */
@CommandHandler(RemoveFavoriteCommand)
export class RemoveFavoriteHandler implements ICommandHandler<RemoveFavoriteCommand> {
  constructor(
    private readonly eventSourced: EventSourcedService,
    private readonly clock: Clock,
  ) {}

  async execute({ customerId, productId }: RemoveFavoriteCommand): Promise<void> {
    const now = this.clock.now().toISOString();
    await this.eventSourced.execute(favoritesStreamId(customerId), favoritesDecider, {
      type: 'RemoveFavorite',
      customerId,
      productId,
      now,
    });
  }
}

/** Accepts a product's Terms of Use: the customer must be allowed to watch it (404 otherwise). */
@CommandHandler(AcceptTermsCommand)
export class AcceptTermsHandler implements ICommandHandler<AcceptTermsCommand> {
  constructor(
    private readonly eventSourced: EventSourcedService,
    private readonly access: StreamAccess,
    private readonly facts: CatalogFacts,
    private readonly clock: Clock,
  ) {}

  async execute({ customerId, productId }: AcceptTermsCommand): Promise<void> {
    const [, terms] = await Promise.all([this.access.require(customerId, productId), this.facts.termsOfUse(productId)]);
    await this.eventSourced.execute(termsStreamId(customerId), termsDecider, {
      type: 'AcceptTerms',
      customerId,
      productId,
      hasTerms: terms !== null,
      now: this.clock.now().toISOString(),
    });
  }
}

/**
 * The first play of a viewing, with the plan type of the customer's access now (VideoStarted once);
 * every other playback of the account ends (a play again, "Play here", takes it back).
 */
@CommandHandler(StartViewingCommand)
export class StartViewingHandler implements ICommandHandler<StartViewingCommand> {
  constructor(
    private readonly eventSourced: EventSourcedService,
    private readonly access: StreamAccess,
    private readonly playbacks: Playbacks,
    private readonly clock: Clock,
  ) {}

  async execute({ customerId, productId, videoId, viewingId }: StartViewingCommand): Promise<ViewingResponse> {
    const { product, access } = await this.access.require(customerId, productId);
    if (!product.TITLES.some((t) => t.ID === videoId)) throw new NotFoundException(NOT_AUTHORIZED);
    const id = viewingId ?? randomUUID();
    const result = await this.eventSourced.execute(viewingStreamId(id), viewingDecider, {
      type: 'StartViewing',
      viewingId: id,
      customerId,
      productId,
      videoId,
      planType: access.planType,
      now: this.clock.now().toISOString(),
    });
    await this.playbacks.takeOver(customerId, id);
    return viewingAnswer(id, result.state, 0);
  }
}

/**
 * A heartbeat: the intervals played, decided against what the server served to this viewing and the
 * video's length (409 when another playback took over); past 600 unique seconds the long view is
 * recorded once. It renews the playback's access.
 */
@CommandHandler(ReportWatchedCommand)
export class ReportWatchedHandler implements ICommandHandler<ReportWatchedCommand> {
  constructor(
    private readonly eventSourced: EventSourcedService,
    private readonly playbacks: Playbacks,
    private readonly clock: Clock,
  ) {}

  async execute({ customerId, viewingId, intervals, position }: ReportWatchedCommand): Promise<ViewingResponse> {
    const { served, durationSeconds, leased } = await this.playbacks.factsFor(customerId, viewingId);
    const result = await this.eventSourced.execute(viewingStreamId(viewingId), viewingDecider, {
      type: 'ReportWatched',
      customerId,
      intervals,
      position,
      served,
      durationSeconds,
      now: this.clock.now().toISOString(),
    });
    const expiresIn = leased ? await this.playbacks.renew(viewingId) : 0;
    return viewingAnswer(viewingId, result.state, expiresIn);
  }
}

function viewingAnswer(viewingId: string, state: Viewing, expiresIn: number): ViewingResponse {
  return {
    VIEWINGID: viewingId,
    WATCHED: state.uniqueSeconds,
    LONGVIEW: state.longView,
    STOP: state.longView,
    PLANTYPE: state.started?.planType ?? 0,
    EXPIRES_IN: expiresIn,
  };
}
