import type { INestApplicationContext } from '@nestjs/common';
import type { CommandContext } from '#libs/application/decide-and-append.js';
import { favoritesDecider, favoritesStreamId } from '#libs/domain/streaming/favorites.js';
import { EmailReservations } from '../identity/index.js';
import { EventSourcedService } from '../shared/event-sourced.service.js';
import data from './demo-streaming.json' with { type: 'json' };

/**
 * The streaming part of DEMO-DATA.md: the favourites of the demo accounts, through the favourites
 * decider (a repeat appends nothing, so a second start adds nothing). Book codes need no seeding: the
 * code meant for reader@demo.test (demo-streaming.json) is simply left unused.
 */
export async function seedDemoStreaming(app: INestApplicationContext, now: Date = new Date()): Promise<number> {
  const eventSourced = app.get(EventSourcedService, { strict: false });
  const reservations = app.get(EmailReservations, { strict: false });
  const context: CommandContext = { actorId: 'system', correlationId: 'seed-demo-streaming' };
  let appended = 0;
  for (const { email, productIds } of data.favorites) {
    const customerId = await reservations.customerIdOf(email);
    if (!customerId) continue;
    for (const productId of productIds) {
      const command = { type: 'AddFavorite' as const, customerId, productId, now: now.toISOString() };
      const result = await eventSourced.execute(favoritesStreamId(customerId), favoritesDecider, command, context);
      appended += result.events.length;
    }
  }
  return appended;
}
