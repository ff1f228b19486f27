import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { EmailReservations } from '../identity/index.js';
import { RequestContext } from '../kernel/request-context.js';
import { AddFavoriteCommand } from '../streaming/index.js';
import data from './demo-streaming.json' with { type: 'json' };
import { systemContext } from '#libs/application/command-context.js';

/**
 * The streaming part of the demo data (docs/demo-data.md): the favourites of the demo accounts,
 * through AddFavoriteCommand on the CommandBus (a repeat appends nothing, so a second start adds
 * nothing), as the system actor under one correlation id. Book codes need no seeding: the code meant
 * for reader@demo.test (demo-streaming.json) is simply left unused.
 */
export async function seedDemoStreaming(app: INestApplicationContext): Promise<void> {
  const commands = app.get(CommandBus, { strict: false });
  const reservations = app.get(EmailReservations, { strict: false });
  const context = app.get(RequestContext, { strict: false });
  await context.run(systemContext(), async () => {
    for (const { email, productIds } of data.favorites) {
      const customerId = await reservations.customerIdOf(email);
      if (!customerId) continue;
      for (const productId of productIds) await commands.execute(new AddFavoriteCommand(customerId, productId));
    }
  });
}
