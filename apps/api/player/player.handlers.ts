import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '#libs/application/clock.js';
import { playerPreferencesDecider, playerPreferencesStreamId } from '#libs/domain/streaming/player-preferences.js';
import { EventSourcedService } from '../kernel/event-sourced.service.js';
import { ChangePlayerPreferencesCommand } from './player.messages.js';

/** Decides the account's new speed and captions on its stream. */
@CommandHandler(ChangePlayerPreferencesCommand)
export class ChangePlayerPreferencesHandler implements ICommandHandler<ChangePlayerPreferencesCommand> {
  constructor(
    private readonly eventSourced: EventSourcedService,
    private readonly clock: Clock,
  ) {}

  async execute({ customerId, preferences }: ChangePlayerPreferencesCommand): Promise<void> {
    await this.eventSourced.execute(playerPreferencesStreamId(customerId), playerPreferencesDecider, {
      type: 'ChangePlayerPreferences',
      customerId,
      speed: preferences.SPEED,
      captions: preferences.CAPTIONS,
      now: this.clock.now().toISOString(),
    });
  }
}

export const PLAYER_HANDLERS = [ChangePlayerPreferencesHandler];
