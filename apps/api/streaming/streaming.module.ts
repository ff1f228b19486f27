import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/index.js';
import { EntitlementsModule } from '../entitlements/index.js';
import { IdentityModule } from '../identity/index.js';
import { CatalogFacts } from '../catalog/index.js';
import { FavoritesController } from './favorites.controller.js';
import { HlsAccess } from './hls-access.js';
import { HlsController } from './hls.controller.js';
import { MediaController } from './media.controller.js';
import { MediaGate } from './media-gate.js';
import { MediaServing } from './media-serving.js';
import { MediaSigner } from './media-signer.js';
import { PlaybackLeases } from './playback-leases.js';
import { PlaybackTokens } from './playback-token.js';
import { PlaybacksController } from './playbacks.controller.js';
import { Playbacks } from './playbacks.js';
import { RedeemController } from './redeem.controller.js';
import { RedeemCodeHandler } from './redeem.handler.js';
import { ServedMedia } from './served-media.js';
import { StreamAccess } from './stream-access.js';
import { StreamCatalog } from './stream-catalog.js';
import { StreamingController } from './streaming.controller.js';
import {
  AcceptTermsHandler,
  AddFavoriteHandler,
  RemoveFavoriteHandler,
  ReportWatchedHandler,
  StartViewingHandler,
} from './streaming.handlers.js';
import { StreamingQueries } from './streaming.queries.js';
import { ViewingsController } from './viewings.controller.js';

/**
 * Streaming (issues 10 and 22): the list, user home, detail and video pages, favourites, terms, watch
 * tracking, book codes, the signed media route, and playbacks with their media route (/api/hls). Streams: `favorites-{customerId}`, `terms-{customerId}`,
 * `viewing-{viewingId}`, `bookcode-{CODE}` (libs/domain/streaming). Every write is a command on the
 * CommandBus (streaming.messages.ts) with a thin handler; a redeemed code is granted by the
 * entitlements module's CodeRedeemed process manager, which the redeem handler awaits. The catalog's
 * facts (eLearning and safety categories, Terms of Use) come through CatalogFacts.
 */
@Module({
  imports: [IdentityModule, CatalogModule, EntitlementsModule],
  controllers: [
    StreamingController,
    FavoritesController,
    ViewingsController,
    PlaybacksController,
    RedeemController,
    MediaController,
    HlsController,
  ],
  providers: [
    CatalogFacts,
    StreamCatalog,
    StreamAccess,
    MediaSigner,
    PlaybackTokens,
    PlaybackLeases,
    ServedMedia,
    HlsAccess,
    MediaGate,
    MediaServing,
    Playbacks,
    StreamingQueries,
    AddFavoriteHandler,
    RemoveFavoriteHandler,
    AcceptTermsHandler,
    StartViewingHandler,
    ReportWatchedHandler,
    RedeemCodeHandler,
  ],
})
export class StreamingModule {}
