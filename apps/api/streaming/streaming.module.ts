import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/index.js';
import { FavoritesController } from './favorites.controller.js';
import { MediaController } from './media.controller.js';
import { MediaSigner } from './media-signer.js';
import { RedeemController } from './redeem.controller.js';
import { StreamAccess } from './stream-access.js';
import { StreamCatalog } from './stream-catalog.js';
import { StreamingClock } from './streaming-clock.js';
import { StreamingCommands } from './streaming.commands.js';
import { StreamingController } from './streaming.controller.js';
import { StreamingQueries } from './streaming.queries.js';
import { ViewingsController } from './viewings.controller.js';

/**
 * Streaming (issue 10): the list, user home, detail and video pages, favourites, terms, watch tracking,
 * book codes and the signed media route. Streams: `favorites-{customerId}`, `terms-{customerId}`,
 * `viewing-{viewingId}`, `bookcode-{CODE}` (libs/domain/streaming); a redeemed code grants the book
 * through the entitlements module's GrantEntitlementCommand (handled there, on the CommandBus).
 */
@Module({
  imports: [IdentityModule],
  controllers: [StreamingController, FavoritesController, ViewingsController, RedeemController, MediaController],
  providers: [StreamingClock, StreamCatalog, StreamAccess, MediaSigner, StreamingQueries, StreamingCommands],
})
export class StreamingModule {}
