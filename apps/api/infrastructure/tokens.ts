/**
 * Injection tokens of the infrastructure the whole API shares (provided by InfrastructureModule,
 * which is global). Feature modules inject these, never construct adapters themselves.
 *
 *   CONFIG              Config                 (libs/config/config.ts)
 *   PG_POOL             pg.Pool                the PostgreSQL of the read models (and of the PG event store)
 *   EVENT_STORE         EventStore             (libs/eventstore/event-store.port.ts), adapter chosen by config
 *   PROJECTION_WAITER   ProjectionWaiter       (libs/read-models/projector.ts) read-your-writes
 *   MAILER              Mailer                 (libs/mail/mailer.ts) SMTP or outbox
 */
export const CONFIG = Symbol('CONFIG');
export const PG_POOL = Symbol('PG_POOL');
export const EVENT_STORE = Symbol('EVENT_STORE');
export const PROJECTION_WAITER = Symbol('PROJECTION_WAITER');
export const MAILER = Symbol('MAILER');
