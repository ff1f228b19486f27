import { randomUUID } from 'node:crypto';
import type { NewEvent } from '#libs/eventstore/event-store.port.js';

/** A realistic event for the bench: a customer registration, as the identity module writes it. */
export function customerRegistered(n: number): { streamId: string; event: NewEvent } {
  const customerId = randomUUID();
  const now = new Date().toISOString();
  return {
    streamId: `customer-${customerId}`,
    event: {
      id: randomUUID(),
      type: 'CustomerRegistered',
      data: {
        customerId,
        email: `bench-${n}-${customerId.slice(0, 8)}@bench.test`,
        profile: {
          firstname: 'Bench',
          lastname: `Customer ${n}`,
          suffix: null,
          specialty: 'Plastic Surgery',
          status: null,
          address: '1 Bench Street',
          address2: null,
          city: 'Springfield',
          state: 'IL',
          zip: '62701',
          country: 'US',
          phone: null,
          autorenew: false,
          utimezone: null,
        },
        passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hzYWx0YmVuY2g$0123456789abcdefghijklmnopqrstuvwxyzABCDE',
        agreedToTerms: true,
        registeredVia: 'form',
        registeredAt: now,
      },
      metadata: {
        correlationId: randomUUID(),
        causationId: randomUUID(),
        actorId: customerId,
        occurredAt: now,
        schemaVersion: 1,
      },
    },
  };
}
