import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/index.js';
import { PlayerController } from './player.controller.js';
import { PLAYER_HANDLERS } from './player.handlers.js';

/** The video player's per-account preferences (GET and PUT /api/account/player). */
@Module({
  imports: [IdentityModule],
  controllers: [PlayerController],
  providers: [...PLAYER_HANDLERS],
})
export class PlayerModule {}
