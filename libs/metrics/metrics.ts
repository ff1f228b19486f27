import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The shop's Prometheus metrics, defined in this one place (docs/operations.md, Metrics). Each
 * process has one registry; the HTTP layer, the event store, the projector, the Kafka relay, the
 * payments and the logins count into it through the functions below, and what is read rather than
 * counted (pool, projection and relay lag) is read from the sources a process registers, at scrape time.
 */
export const registry = new Registry();

let processMetrics = false;
/** Node's own metrics (event-loop delay, heap, GC, handles), once per process. */
export function collectProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: registry });
}

/** The Prometheus text of every metric of this process. */
export function metricsText(): Promise<string> {
  return registry.metrics();
}
export const METRICS_CONTENT_TYPE = registry.contentType;

/** Seconds: from a cached catalog answer (about a millisecond) to a slow payment. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

// --- HTTP --------------------------------------------------------------------------------------

const httpRequests = new Counter({
  name: 'shop_http_requests_total',
  help: 'HTTP requests answered, by route template, method and status',
  labelNames: ['route', 'method', 'status'] as const,
  registers: [registry],
});
const httpDuration = new Histogram({
  name: 'shop_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by route template, method and status',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

/** One answered request. `route`: the template (`/api/orders/:onum`), never the raw path. */
export function countHttpRequest(route: string, method: string, status: number, seconds: number): void {
  const labels = { route, method, status: String(status) };
  httpRequests.inc(labels);
  httpDuration.observe(labels, seconds);
}

// --- Event store -------------------------------------------------------------------------------

const appends = new Counter({
  name: 'shop_event_appends_total',
  help: 'Appends to the event log that succeeded, by stream category',
  labelNames: ['category'] as const,
  registers: [registry],
});
const appendDuration = new Histogram({
  name: 'shop_event_append_duration_seconds',
  help: 'Time of an append to the event log (conflicts included), by stream category',
  labelNames: ['category'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});
const appendConflicts = new Counter({
  name: 'shop_event_append_conflicts_total',
  help: 'Appends refused for a wrong expected revision (a concurrent change), by stream category',
  labelNames: ['category'] as const,
  registers: [registry],
});

/** A stream's category: the part of its id before the first `-` (`order-1042` -> `order`). */
export function streamCategory(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash < 0 ? streamId : streamId.slice(0, dash);
}

export function countAppend(streamId: string, outcome: 'appended' | 'conflict' | 'failed', seconds: number): void {
  const category = streamCategory(streamId);
  appendDuration.observe({ category }, seconds);
  if (outcome === 'appended') appends.inc({ category });
  else if (outcome === 'conflict') appendConflicts.inc({ category });
}

// --- Payments and logins -----------------------------------------------------------------------

export type PaymentOutcome = 'approved' | 'declined' | 'settled_after_crash' | 'refunded';
const payments = new Counter({
  name: 'shop_payments_total',
  help: 'Payment outcomes, by gateway (PAYMENT_GATEWAY) and outcome',
  labelNames: ['gateway', 'outcome'] as const,
  registers: [registry],
});
/** A process has one payment gateway (PAYMENT_GATEWAY): named once at start. */
let gatewayName = 'sandbox';
export function namePaymentGateway(name: string): void {
  gatewayName = name;
}
export function countPayment(outcome: PaymentOutcome): void {
  payments.inc({ gateway: gatewayName, outcome });
}

export type LoginOutcome = 'success' | 'failed' | 'throttled';
const logins = new Counter({
  name: 'shop_logins_total',
  help: 'Sign-in attempts, by outcome (success, failed: wrong e-mail or password, throttled: refused by the limits)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});
export function countLogin(outcome: LoginOutcome): void {
  logins.inc({ outcome });
}

// --- Projections -------------------------------------------------------------------------------

const projectionErrors = new Counter({
  name: 'shop_projection_errors_total',
  help: 'Failed projection batches, by read model (a batch applies every model in one transaction)',
  labelNames: ['projection'] as const,
  registers: [registry],
});
const projectionLastError = new Gauge({
  name: 'shop_projection_last_error_timestamp_seconds',
  help: 'When a read model last failed (Unix seconds); absent if it never did in this process',
  labelNames: ['projection'] as const,
  registers: [registry],
});
/** A failed batch: none of its models moved. */
export function countProjectionFailure(projections: readonly string[], at: Date): void {
  for (const projection of projections) {
    projectionErrors.inc({ projection });
    projectionLastError.set({ projection }, at.getTime() / 1000);
  }
}

/** A read model's distance to the head of the log, as `projectionLags` reads it. */
export interface ProjectionLag {
  name: string;
  /** Events not applied yet, counted up to LAG_CAP. */
  events: number;
  /** Age of the oldest event not applied yet (0 when caught up). */
  seconds: number;
}

/** Reads of a value that cost a query, shared by the metrics of one scrape (prom-client reads them in parallel). */
function sharedRead<T>(read: () => Promise<T>, ttlMs = 500): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | null = null;
  return () => {
    const now = performance.now();
    if (last === null || now - last.at > ttlMs) last = { at: now, value: read() };
    return last.value;
  };
}

const projectionSources = new Set<() => Promise<ProjectionLag[]>>();
/** Registers a reader of the projections' lag (the process that runs them); answers its removal. */
export function watchProjections(read: () => Promise<ProjectionLag[]>): () => void {
  const shared = sharedRead(read);
  projectionSources.add(shared);
  return () => projectionSources.delete(shared);
}
async function allLags(): Promise<ProjectionLag[]> {
  const lists = await Promise.all([...projectionSources].map((read) => read().catch(() => [])));
  return lists.flat();
}

new Gauge({
  name: 'shop_projection_lag_events',
  help: 'Events of the log a read model has not applied yet (counted up to 1000)',
  labelNames: ['projection'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const lag of await allLags()) this.set({ projection: lag.name }, lag.events);
  },
});
new Gauge({
  name: 'shop_projection_lag_seconds',
  help: 'Age of the oldest event a read model has not applied yet (0 when caught up)',
  labelNames: ['projection'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const lag of await allLags()) this.set({ projection: lag.name }, lag.seconds);
  },
});

// --- Kafka relay -------------------------------------------------------------------------------

const relaySources = new Set<() => Promise<ProjectionLag>>();
/** Registers the Kafka relay's lag reader (name: the relay's topic); answers its removal. */
export function watchRelay(read: () => Promise<ProjectionLag>): () => void {
  const shared = sharedRead(read);
  relaySources.add(shared);
  return () => relaySources.delete(shared);
}
async function relayLags(): Promise<ProjectionLag[]> {
  return Promise.all([...relaySources].map((read) => read())).catch(() => []);
}
new Gauge({
  name: 'shop_kafka_relay_lag_events',
  help: 'Events of the log the Kafka relay has not had acknowledged by the broker yet (counted up to 1000)',
  labelNames: ['topic'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const lag of await relayLags()) this.set({ topic: lag.name }, lag.events);
  },
});
new Gauge({
  name: 'shop_kafka_relay_lag_seconds',
  help: 'Age of the oldest event the Kafka relay has not had acknowledged yet (0 when caught up)',
  labelNames: ['topic'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const lag of await relayLags()) this.set({ topic: lag.name }, lag.seconds);
  },
});

// --- Database pool -----------------------------------------------------------------------------

/** The counts a pg.Pool keeps. */
export interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}
const pools = new Map<string, PoolCounts>();
/** Registers a connection pool under a name (`api`, `projector`); answers its removal. */
export function watchPool(name: string, pool: PoolCounts): () => void {
  pools.set(name, pool);
  return () => pools.delete(name);
}
new Gauge({
  name: 'shop_db_pool_connections',
  help: 'Database pool connections: in_use (checked out), idle, waiting (callers queued for one)',
  labelNames: ['pool', 'state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const [name, pool] of pools) {
      this.set({ pool: name, state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ pool: name, state: 'idle' }, pool.idleCount);
      this.set({ pool: name, state: 'waiting' }, pool.waitingCount);
    }
  },
});
