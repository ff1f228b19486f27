import 'reflect-metadata';
import { join, resolve } from 'node:path';
import { type INestApplication, RequestMethod } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger as PinoLogger } from 'nestjs-pino';
import type pg from 'pg';
import pino from 'pino';
import { Clock, SystemClock } from '#libs/application/clock.js';
import { ShutdownStack } from '#libs/application/shutdown-stack.js';
import { type Config, STRIPE_API, stripeScriptUrl } from '#libs/config/config.js';
import { CatalogCache } from '#libs/catalog/catalog-cache.js';
import { catalogIsEmpty, ensureCatalogSchema, formatImportError, importCatalog } from '#libs/catalog/index.js';
import { DatabaseHealth } from '#libs/database/database-health.js';
import { createPool } from '#libs/database/pools.js';
import { createEventStore } from '#libs/eventstore/create-event-store.js';
import { MailRelay } from '#libs/mail/mail-relay.js';
import { createMailer, ensureOutbox, SmtpMailer } from '#libs/mail/mailer.js';
import { sweepIncoming } from '#libs/media/import-media.js';
import { withAppendMetrics } from '#libs/metrics/instrumented-event-store.js';
import { startMetricsServer } from '#libs/metrics/metrics-server.js';
import { collectProcessMetrics, namePaymentGateway, watchPool } from '#libs/metrics/metrics.js';
import { allReadModels } from '#libs/read-models/index.js';
import { CheckpointWaiter } from '#libs/read-models/projector.js';
import { startKafkaRelay, startProjections } from '#libs/read-models/run-projections.js';
import { AppModule } from './app.module.js';
import { domainErrorStatuses } from './domain-error-statuses.js';
import { startDemoMediaImport } from './media/demo-media.js';
import { seedDemoAccounts } from './seed/demo-accounts.js';
import { JWKS_PATH } from './signing/index.js';
import { resolveSecrets } from './infrastructure/secrets.js';
import { HttpErrorFilter } from './kernel/http-error.filter.js';
import { createFastifyAdapter, registerHttpLayer, securityHeaders } from './kernel/http-hardening.js';
import { answerFromMemo, PublicAnswers } from './kernel/public-answers.js';
import { createLogDestination } from './kernel/http-logging.js';
import { createValidationPipe } from './kernel/validation.pipe.js';
import { registerHttpMetrics } from './metrics/http-metrics.js';
import { closeConnectionsWhenStopping } from './health/draining.js';
import { MediaFastPath, MediaServing } from './streaming/index.js';

/** The demo catalog's CSV files, relative to the project folder `npm start` runs in. */
const DEMO_CATALOG_DIR = 'libs/catalog/data';
/** The built web app, relative to the project folder. */
const WEB_ROOT = 'web/dist';

/** How a shop is started beyond its configuration. */
export interface ShopOptions {
  /** A file the log lines are appended to instead of stdout (the bench's shops). */
  logFile?: string;
}

export interface RunningShop {
  app: INestApplication;
  /** Where the shop answers, e.g. http://127.0.0.1:3000 */
  url: string;
  config: Config;
  pool: pg.Pool;
  close(): Promise<void>;
}

/**
 * Builds and starts the whole shop from a validated configuration: PostgreSQL (DATABASE_URL or the
 * embedded server in DATA_DIR), the event store adapter, the projector (in-process unless
 * RUN_PROJECTIONS=false), the Nest app with OpenAPI and the web app, and the demo data.
 * `close()` stops everything in reverse order.
 */
export async function startShop(rawConfig: Config, options: ShopOptions = {}): Promise<RunningShop> {
  const config = await resolveSecrets(rawConfig);
  // Asynchronous (a request never waits for its line's write), flushed as the last step of a stop.
  const logDestination = createLogDestination(options.logFile);
  const log = pino({ level: config.LOG_LEVEL }, logDestination.stream);
  const stops = new ShutdownStack((error) => log.error({ err: error }, 'error while stopping'));
  stops.push(() => logDestination.flush());
  const close = (): Promise<void> => stops.stopAll();
  // Settles once the port is open; the projector's rebuilds wait for it (a stop ends their wait too).
  const listening = { resolve: (): void => undefined, promise: Promise.resolve() };
  listening.promise = new Promise<void>((resolve) => (listening.resolve = resolve));
  const clock = new SystemClock();
  // How long each step of the start took, said in one line once the port is open (docs/operations.md).
  const steps: Record<string, number> = { loadedMs: Math.round(process.uptime() * 1000) };
  let stepStarted = performance.now();
  const stepDone = (name: string): void => {
    const now = performance.now();
    steps[name] = Math.round(now - stepStarted);
    stepStarted = now;
  };
  collectProcessMetrics();
  namePaymentGateway(config.PAYMENT_GATEWAY);
  // What requests, loops and the embedded server's keeper learn of the database, for readiness.
  const database = new DatabaseHealth({
    dataFolder: config.DATABASE_URL ? undefined : join(resolve(config.DATA_DIR), 'pg'),
  });
  try {
    let databaseUrl = config.DATABASE_URL;
    if (!databaseUrl) {
      // Loaded only when used: with DATABASE_URL (tests, scaled-out mode) the embedded server is never needed.
      const { startEmbeddedPostgres } = await import('#libs/database/embedded-postgres.js');
      const embedded = await startEmbeddedPostgres({
        dataDir: config.DATA_DIR,
        port: config.EMBEDDED_PG_PORT,
        // Stopped, killed or crashed while the shop runs: started again (docs/operations.md, Database outages).
        keepRunning: (state) => {
          database.serverState(state);
          if (state) log.error(state);
          else log.warn('The embedded PostgreSQL runs again');
        },
      });
      stops.push(() => embedded.stop());
      databaseUrl = embedded.url;
      log.info({ dataDir: config.DATA_DIR, port: config.EMBEDDED_PG_PORT }, 'embedded PostgreSQL started');
    }
    stepDone('databaseMs');
    // An idle connection dropped by the server (restart, failover, shutdown on Ctrl+C) must not crash the process.
    const pool = createPool({ connectionString: databaseUrl, max: 20 }, (error) => {
      if (!stops.stopping) log.warn({ err: error.message }, 'idle database connection closed');
    });
    stops.push(() => pool.end());
    const unwatchPool = watchPool('api', pool);
    stops.push(async () => void unwatchPool());

    // Reference data (docs/catalog-import.md): the tables always, the demo catalog on an empty database.
    await ensureCatalogSchema(pool);
    if (config.SEED_DEMO && (await catalogIsEmpty(pool))) {
      const report = await importCatalog(pool, DEMO_CATALOG_DIR);
      if (report.errors.length > 0) {
        throw new Error(`the demo catalog does not import: ${report.errors.map(formatImportError).join('; ')}`);
      }
      log.info({ files: report.files.length }, 'demo catalog imported');
    }

    stepDone('catalogMs');
    const store = withAppendMetrics(await createEventStore(config, pool));
    stops.push(() => store.close());
    stepDone('eventStoreMs');

    const host = { pool, store, logger: log, clock, stops, database };
    // A read model rebuilt beside its tables begins once the port is open: its work in this process
    // would otherwise hold up every step of the start (docs/event-store.md).
    if (config.RUN_PROJECTIONS) await startProjections({ ...host, rebuildAfter: listening.promise });
    stepDone('projectionsMs');
    if (config.RUN_PROJECTIONS && config.KAFKA_BROKERS) {
      // Embedded mode with a broker configured: this process relays events too. Not awaited, so an
      // unreachable broker delays publishing (the relay retries), never the shop itself.
      const kafka = { brokers: config.KAFKA_BROKERS, topic: config.KAFKA_TOPIC };
      void startKafkaRelay(host, kafka).catch((error: unknown) => log.error({ err: error }, 'Kafka relay stopped'));
    }
    const waiter = new CheckpointWaiter(pool, allReadModels);
    stops.push(() => waiter.close());

    // Every mail goes to the outbox; with SMTP_URL this process's relay sends it (docs/operations.md, Mail).
    await ensureOutbox(pool);
    const relay = config.SMTP_URL
      ? new MailRelay(pool, new SmtpMailer(config.SMTP_URL, config.MAIL_FROM), {
          info: (m) => log.info(m),
          warn: (m) => log.warn(m),
          error: (m) => log.error(m),
        })
      : null;
    const mailer = createMailer(config, pool, log, () => relay?.nudge());
    relay?.start();
    if (relay) stops.push(() => relay.stop());

    const stripe =
      config.PAYMENT_GATEWAY === 'stripe'
        ? { scriptUrl: stripeScriptUrl(config), apiBase: config.STRIPE_API_BASE ?? STRIPE_API }
        : null;
    // The public catalog's answers, kept by URL while the catalog cache hears of imports; answered from
    // the first hook, before Nest's middleware (registered by NestFactory.create) runs.
    const publicAnswers = new PublicAnswers();
    const adapter = createFastifyAdapter(config.TRUST_PROXY);
    answerFromMemo(adapter.getInstance() as unknown as FastifyInstance, publicAnswers, securityHeaders(stripe), log);
    // Media whose access is already known, answered before Nest's middleware too (media-fast-path.ts).
    const mediaFastPath = new MediaFastPath();
    mediaFastPath.register(adapter.getInstance() as unknown as FastifyInstance, securityHeaders(stripe), log);
    const app = await NestFactory.create<NestFastifyApplication>(
      AppModule.register({ config, pool, store, waiter, mailer, database }),
      adapter,
      // rawBody: the Stripe webhook verifies its signature on the body's bytes (request.rawBody).
      // return503OnClosing: once closing starts, a new request gets 503 (and Connection: close) at once;
      // those in flight finish before the server closes (docs/operations.md, Stopping).
      { bufferLogs: true, rawBody: true, return503OnClosing: true },
    );
    stops.push(() => app.close());
    app.useLogger(app.get(PinoLogger));
    // The public keys live where verifiers look for them (RFC 8615), outside /api.
    app.setGlobalPrefix('api', { exclude: [{ path: JWKS_PATH, method: RequestMethod.GET }] });
    publicAnswers.follow(app.get(CatalogCache));
    mediaFastPath.attach(app.get(MediaServing));
    await registerHttpLayer(app, {
      webRoot: config.SERVE_WEB ? resolve(process.cwd(), WEB_ROOT) : null,
      stripe,
      publicAnswers,
    });
    const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
    registerHttpMetrics(fastify, config);
    // Runs before app.close (the stack stops in reverse): answers in flight close their connections.
    const stopKeepingAlive = closeConnectionsWhenStopping(fastify);
    stops.push(async () => stopKeepingAlive());
    app.useGlobalPipes(createValidationPipe());
    app.useGlobalFilters(new HttpErrorFilter(domainErrorStatuses, app.getHttpAdapter(), database));
    const document = SwaggerModule.createDocument(
      app,
      new DocumentBuilder()
        .setTitle('Medical education shop API')
        .setDescription('Storefront, identity and learning API. Field names follow the specification.')
        .setVersion(process.env.npm_package_version ?? '0.1.0')
        .addBearerAuth()
        .build(),
    );
    SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });

    await app.init(); // registers the CQRS handlers the seed needs
    stepDone('appMs');
    if (config.SEED_DEMO) await seedDemoAccounts(app);
    stepDone('demoAccountsMs');

    // Imports stopped half-way (a crash) leave an incoming folder: nothing serves it, so it goes.
    const swept = await sweepIncoming(config.HLS_DIR, app.get(Clock).now()).catch((error: unknown) => {
      log.warn({ err: error instanceof Error ? error.message : String(error) }, 'HLS_DIR could not be swept');
      return [];
    });
    if (swept.length > 0) log.info({ hlsDir: config.HLS_DIR, folders: swept }, 'stopped media imports removed');

    await app.listen(config.PORT, config.HOST);
    stepDone('listenMs');
    log.info(steps, 'port open');
    listening.resolve();
    if (config.SEED_DEMO && config.DEMO_VIDEOS) {
      // In the background (docs/media.md, Demo videos): the shop serves while the demo titles turn adaptive.
      const demo = startDemoMediaImport({ app, pool, hlsDir: config.HLS_DIR, log });
      stops.push(() => demo.stop());
    }
    if (config.METRICS_PORT !== undefined) {
      const metricsServer = await startMetricsServer({
        port: config.METRICS_PORT,
        host: config.HOST,
        token: config.METRICS_TOKEN,
      });
      stops.push(() => metricsServer.close());
    }
    const url = `http://127.0.0.1:${config.PORT}`;
    return { app, url, config, pool, close };
  } catch (error) {
    await close();
    throw error;
  }
}
