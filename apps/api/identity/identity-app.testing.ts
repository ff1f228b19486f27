import type { INestApplication } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { parseConfig } from '#libs/config/config.js';
import { PostgresEventStore } from '#libs/eventstore/postgres/postgres-event-store.js';
import { createMailer } from '#libs/mail/mailer.js';
import { customersReadModel } from '#libs/read-models/customers.js';
import { entitlementsReadModel } from '#libs/read-models/entitlements.js';
import { sessionsReadModel } from '#libs/read-models/sessions.js';
import { createTestDatabase } from '../../../test/support/database.js';
import { InfrastructureModule } from '../infrastructure/infrastructure.module.js';
import { HttpErrorFilter } from '../shared/http-error.filter.js';
import { createValidationPipe } from '../shared/validation.pipe.js';
import { identityErrorStatus } from './identity-errors.js';
import { IdentityModule } from './identity.module.js';

/**
 * The identity module alone over HTTP, on a fresh database, with the identity read models projected
 * synchronously when a command waits for them: for testing this module without the whole app.
 */
export async function createIdentityTestApp(options: { smtpUrl?: string } = {}) {
  const db = await createTestDatabase();
  const config = parseConfig({
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    JWT_SECRET: 'identity-test-secret-that-is-long-enough-0123',
    DOB_ENCRYPTION_KEY: '1'.repeat(64),
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
  });
  const store = await PostgresEventStore.create(db.pool);
  const models = [customersReadModel, sessionsReadModel, entitlementsReadModel];
  for (const m of models) await db.pool.query(m.schema);
  let projected = 0n;
  let chain: Promise<unknown> = Promise.resolve();
  const catchUp = async (): Promise<void> => {
    for (;;) {
      const batch = await store.readAll(projected, 500);
      if (batch.length === 0) return;
      const client = await db.pool.connect();
      try {
        for (const event of batch) {
          for (const m of models) if (m.handles.includes(event.type)) await m.apply(event, client);
          projected = event.position;
        }
      } finally {
        client.release();
      }
    }
  };
  const waiter = {
    waitFor: async (position: bigint) => {
      chain = chain.then(catchUp);
      await chain;
      return projected >= position;
    },
  };
  const mailer = createMailer(config, db.pool, { info: () => {} });

  @Module({
    imports: [InfrastructureModule.forRoot({ config, pool: db.pool, store, waiter, mailer } as never), IdentityModule],
  })
  class IdentityTestModule {}

  const app: INestApplication = await NestFactory.create(IdentityTestModule, { logger: false });
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new HttpErrorFilter(identityErrorStatus));
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    app,
    shop: { pool: db.pool },
    close: async () => {
      await app.close();
      await store.close();
      await db.drop();
    },
  };
}
