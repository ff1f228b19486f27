import { givenWhenThen } from '../kernel/given-when-then.testing.js';
import { type ChangePlayerPreferences, playerPreferencesDecider } from './player-preferences.js';

const now = '2026-03-01T10:00:00.000Z';
const change = (speed: number, captions: boolean): ChangePlayerPreferences => ({
  type: 'ChangePlayerPreferences',
  customerId: 'c-1',
  speed,
  captions,
  now,
});
const changed = (speed: 0.75 | 1 | 1.25 | 1.5 | 1.75 | 2, captions: boolean) => ({
  type: 'PlayerPreferencesChanged' as const,
  data: { customerId: 'c-1', speed, captions, changedAt: now },
});

describe('player preferences decider', () => {
  const given = givenWhenThen(playerPreferencesDecider);

  it('a first choice records the speed and captions', () => {
    given().when(change(1.5, true)).then(changed(1.5, true));
  });
  it('saving the defaults of an account that never chose records nothing', () => {
    given().when(change(1, false)).then();
  });
  it('saving the same values again records nothing', () => {
    given(changed(1.25, true)).when(change(1.25, true)).then();
  });
  it('a change of either value records both as they now are', () => {
    given(changed(1.25, true)).when(change(1.25, false)).then(changed(1.25, false));
    given(changed(1.25, true)).when(change(2, true)).then(changed(2, true));
  });
  it('going back to the defaults is a change once something else was chosen', () => {
    given(changed(2, true)).when(change(1, false)).then(changed(1, false));
  });
  it('refuses a speed the player does not offer', () => {
    for (const speed of [0.5, 1.1, 3, 0, -1, Number.NaN]) {
      given().when(change(speed, false)).thenFails('player_speed_invalid');
    }
  });
});
