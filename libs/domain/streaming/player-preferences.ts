import { PLAYBACK_SPEEDS, type PlaybackSpeed } from '#libs/contracts/streaming.js';
import { type Decider, type DomainEvent, DomainError } from '../kernel/decider.js';

/**
 * The player's speed and captions, remembered per account across devices, stream
 * `player-preferences-{customerId}`. Saving the values the account already has appends nothing.
 */
export type PlayerPreferencesChanged = DomainEvent<
  'PlayerPreferencesChanged',
  { customerId: string; speed: PlaybackSpeed; captions: boolean; changedAt: string }
>;
export type PlayerPreferencesEvent = PlayerPreferencesChanged;

export const PLAYER_PREFERENCES_EVENT_TYPES = [
  'PlayerPreferencesChanged',
] as const satisfies readonly PlayerPreferencesEvent['type'][];

export const playerPreferencesStreamId = (customerId: string): string => `player-preferences-${customerId}`;

export interface ChangePlayerPreferences {
  type: 'ChangePlayerPreferences';
  customerId: string;
  speed: number;
  captions: boolean;
  now: string;
}

export interface PlayerPreferencesState {
  speed: PlaybackSpeed;
  captions: boolean;
}

/** What an account that never chose plays with. */
export const DEFAULT_PLAYER_PREFERENCES: PlayerPreferencesState = { speed: 1, captions: false };

export const PlayerPreferencesErrors = {
  player_speed_invalid: `The speed must be one of ${PLAYBACK_SPEEDS.join(', ')}.`,
} as const;

const isSpeed = (speed: number): speed is PlaybackSpeed => (PLAYBACK_SPEEDS as readonly number[]).includes(speed);

export const playerPreferencesDecider: Decider<
  ChangePlayerPreferences,
  PlayerPreferencesState,
  PlayerPreferencesEvent
> = {
  initialState: DEFAULT_PLAYER_PREFERENCES,
  decide(command, state) {
    const { speed, captions } = command;
    if (!isSpeed(speed)) throw new DomainError('player_speed_invalid', PlayerPreferencesErrors.player_speed_invalid);
    if (speed === state.speed && captions === state.captions) return [];
    return [
      {
        type: 'PlayerPreferencesChanged',
        data: { customerId: command.customerId, speed, captions, changedAt: command.now },
      },
    ];
  },
  evolve(state, event) {
    return event.type === 'PlayerPreferencesChanged'
      ? { speed: event.data.speed, captions: event.data.captions }
      : state;
  },
};
