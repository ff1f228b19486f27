import { EVENT_STORE } from '#apps/api/infrastructure/tokens.js';
import type { PlayerPreferences } from '#libs/contracts/streaming.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { useTestShop } from '../support/app.js';
import { fireAtOnce, unexpectedStatuses } from '../support/concurrency.js';
import { streamingClient } from '../support/streaming-client.js';

/**
 * GET/PUT /api/account/player: the player's speed and captions, remembered per account (issue 22), so
 * a second device of the same account plays alike; any signed-in account, with or without streaming.
 */
describe('player preferences', () => {
  const shop = useTestShop({ seedDemo: true });
  const { call, login } = streamingClient(() => shop.baseUrl);
  let store: EventStore;

  beforeAll(() => {
    store = shop.app.get<symbol, EventStore>(EVENT_STORE, { strict: false });
  });

  const customerIdOf = async (token: string) =>
    (await call<{ customerId: string }>(token, 'GET', '/auth/me')).body.customerId;

  it('an account that never chose plays at speed 1 without captions; a save is read back on every device', async () => {
    const reader = await login('reader@demo.test');
    expect((await call<PlayerPreferences>(reader, 'GET', '/account/player')).body).toEqual({
      SPEED: 1,
      CAPTIONS: false,
    });
    const saved = await call<PlayerPreferences>(reader, 'PUT', '/account/player', { SPEED: 1.5, CAPTIONS: true });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ SPEED: 1.5, CAPTIONS: true });
    // Another login of the account (one device per account: the later session) reads the same values.
    const again = await login('reader@demo.test');
    expect((await call<PlayerPreferences>(again, 'GET', '/account/player')).body).toEqual({
      SPEED: 1.5,
      CAPTIONS: true,
    });
    // Another account keeps its own.
    const resident = await login('resident@demo.test');
    expect((await call<PlayerPreferences>(resident, 'GET', '/account/player')).body).toEqual({
      SPEED: 1,
      CAPTIONS: false,
    });
  });

  it('refuses a speed the player does not offer and captions that are not a boolean, listing each message', async () => {
    const token = await login('learner@demo.test');
    for (const body of [
      { SPEED: 3, CAPTIONS: false },
      { SPEED: 0.5, CAPTIONS: false },
      { SPEED: '1.5', CAPTIONS: false },
      { SPEED: 1, CAPTIONS: 'yes' },
      { SPEED: 1 },
      { SPEED: 1, CAPTIONS: true, AUTOPLAY: true },
    ]) {
      const answer = await call(token, 'PUT', '/account/player', body);
      expect([answer.status, body]).toEqual([400, body]);
      expect(answer.body.message?.length).toBeGreaterThan(0);
    }
    const both = await call(token, 'PUT', '/account/player', { SPEED: 2.5, CAPTIONS: 1 });
    expect(both.body.message).toEqual([
      'SPEED must be one of 0.75, 1, 1.25, 1.5, 1.75, 2.',
      'CAPTIONS must be true or false.',
    ]);
    expect((await call<PlayerPreferences>(token, 'GET', '/account/player')).body).toEqual({
      SPEED: 1,
      CAPTIONS: false,
    });
  });

  it('needs a session', async () => {
    expect((await call(null, 'GET', '/account/player')).status).toBe(401);
    expect((await call(null, 'PUT', '/account/player', { SPEED: 1, CAPTIONS: true })).status).toBe(401);
  });

  it('30 saves at once answer 200 or 409; the same values again append nothing', async () => {
    const token = await login('iflap@demo.test');
    const customerId = await customerIdOf(token);
    const { statuses } = await fireAtOnce(30, () =>
      call(token, 'PUT', '/account/player', { SPEED: 0.75, CAPTIONS: true }),
    );
    expect(unexpectedStatuses(statuses, [200, 409])).toEqual({});
    await call(token, 'PUT', '/account/player', { SPEED: 0.75, CAPTIONS: true });
    const events = await store.readStream(`player-preferences-${customerId}`);
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['PlayerPreferencesChanged', { customerId, speed: 0.75, captions: true, changedAt: expect.any(String) }],
    ]);
    expect((await call<PlayerPreferences>(token, 'GET', '/account/player')).body).toEqual({
      SPEED: 0.75,
      CAPTIONS: true,
    });
  });
});
