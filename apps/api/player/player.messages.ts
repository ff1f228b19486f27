import { Command } from '@nestjs/cqrs';
import type { PlayerPreferences } from '#libs/contracts/streaming.js';

/**
 * Saves the account's player preferences on `player-preferences-{customerId}`
 * (libs/domain/streaming/player-preferences.ts); the same values again append nothing.
 */
export class ChangePlayerPreferencesCommand extends Command<void> {
  constructor(
    readonly customerId: string,
    readonly preferences: PlayerPreferences,
  ) {
    super();
  }
}
