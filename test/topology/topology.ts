import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../support/free-port.js';
import { type ManagedProcess, type OwnBroker, startNodeProcess, startOwnBroker } from './processes.js';

/**
 * The scaled-out mode (docs/conventions.md) without containers (issue 13): one PostgreSQL, a real
 * Kafka broker, N API processes (`dist/apps/api/main.js`, RUN_PROJECTIONS=false) on their own ports,
 * and the projector process (`dist/apps/projector/main.js`: projections + Kafka relay), all sharing
 * DATABASE_URL, KAFKA_BROKERS and the same secrets. Only EventStoreDB is left out: the PostgreSQL
 * event store stands in (the EventStoreDB adapter has its own contract suite, EVENTSTORE_URL).
 * Used by test/topology/scaled-out.spec.ts, `npm run topology` and the bench's scaled-out row.
 */
export interface TopologyOptions {
  /** The project folder holding `dist/` (default: the working directory). */
  root?: string;
  /** A PostgreSQL database to share; without it an embedded server is started in a temporary folder. */
  databaseUrl?: string;
  /** Bootstrap servers of a running broker; `'own'` starts one here; `'none'` runs without Kafka. */
  kafka?: string | 'own' | 'none';
  /** Topic of the relay (default: a new one per topology, so runs never mix). */
  topic?: string;
  /** How many API processes (default 2). */
  apiNodes?: number;
  /** Progress lines (default: stderr). */
  log?: (line: string) => void;
  /** OTEL_EXPORTER_OTLP_ENDPOINT of every process (docs/operations.md, Traces); unset: no tracing. */
  otlpEndpoint?: string;
}

export interface ApiNode {
  index: number;
  port: number;
  /** e.g. http://127.0.0.1:23456 */
  url: string;
  process: ManagedProcess;
}

export interface Topology {
  databaseUrl: string;
  /** undefined when no broker could run here (the Kafka checks then report themselves skipped). */
  kafkaBrokers: string | undefined;
  topic: string;
  nodes: ApiNode[];
  /** The METRICS_TOKEN of every process: the API nodes serve /metrics on their port with it. */
  metricsToken: string;
  /** The projector process's own metrics address (its METRICS_PORT). */
  projectorMetricsUrl: string;
  projector(): ManagedProcess;
  /** SIGKILL to one API node (a crash); it stays down until `startNode`. */
  killNode(index: number): Promise<void>;
  startNode(index: number): Promise<ApiNode>;
  /** SIGKILL to the projector process. */
  killProjector(): Promise<void>;
  /** SIGTERM to the projector (it stores its checkpoints); resolves when it ended. */
  stopProjector(): Promise<void>;
  startProjector(): Promise<ManagedProcess>;
  /** Stops every process and server this topology started (API nodes, projector, broker, PostgreSQL). */
  stop(): Promise<void>;
}

/** Settings of the caller that must not reach the processes (they get their own). */
const NOT_INHERITED = [
  'DATABASE_URL',
  'TEST_ADMIN_DATABASE_URL',
  'EVENTSTORE_URL',
  'KAFKA_BROKERS',
  'KAFKA_TOPIC',
  'SMTP_URL',
  'JWT_SECRET',
  'DOB_ENCRYPTION_KEY',
  'MEDIA_SECRET',
  'SOCIETY_SECRETS',
  'RUN_PROJECTIONS',
  'NODE_ENV',
  'PORT',
  'DATA_DIR',
  'OTEL_EXPORTER_OTLP_ENDPOINT',
];

const API_OPEN = 'The shop is open at';
const PROJECTOR_STARTED = '"msg":"projector started"';

export async function startTopology(options: TopologyOptions = {}): Promise<Topology> {
  const root = resolve(options.root ?? process.cwd());
  const log = options.log ?? ((line: string) => process.stderr.write(`[topology] ${line}\n`));
  for (const built of ['dist/apps/api/main.js', 'dist/apps/projector/main.js']) {
    if (!existsSync(join(root, built))) throw new Error(`${built} is missing: run \`npm run build:server\` first`);
  }
  const scratch = await mkdtemp(join(tmpdir(), 'shop-topology-'));
  // The embedded server runs as an unprivileged user when we are root: it must reach its folder.
  await chmod(scratch, 0o755);
  // Removed last, twice: a stopping PostgreSQL may still write its statistics file after it answered.
  const stops: (() => Promise<void> | void)[] = [
    async () => {
      await rm(scratch, { recursive: true, force: true });
      await sleep(500);
      await rm(scratch, { recursive: true, force: true });
    },
  ];
  const stopAll = async (): Promise<void> => {
    for (const stop of stops.splice(0).reverse()) await Promise.resolve(stop()).catch(() => undefined);
  };

  try {
    let databaseUrl = options.databaseUrl;
    if (!databaseUrl) {
      // Loaded only when used (an ES module Jest's CommonJS run cannot load; the test passes its own database).
      const { startEmbeddedPostgres } = await import('#libs/database/embedded-postgres.js');
      const server = await startEmbeddedPostgres({ dataDir: join(scratch, 'pg'), port: await freePort() });
      stops.push(() => server.stop());
      databaseUrl = server.url;
      log(`PostgreSQL (embedded) at ${databaseUrl.replace(/:[^:@/]+@/, ':***@')}`);
    }

    let kafkaBrokers: string | undefined;
    if (options.kafka === 'own' || (options.kafka === undefined && !process.env.KAFKA_BROKERS)) {
      const broker: OwnBroker | undefined = await startOwnBroker(root, join(scratch, 'kafka'), log);
      if (broker) stops.push(() => broker.stop());
      kafkaBrokers = broker?.bootstrap;
    } else if (options.kafka !== 'none') {
      kafkaBrokers = options.kafka ?? process.env.KAFKA_BROKERS;
    }
    const topic = options.topic ?? `shop-events-topology-${randomBytes(4).toString('hex')}`;
    log(kafkaBrokers ? `Kafka broker at ${kafkaBrokers}, topic ${topic}` : 'no Kafka broker: the relay does not run');

    // The secrets every process must share (docs/operations.md): made once per topology.
    const inherited: NodeJS.ProcessEnv = { ...process.env };
    for (const name of NOT_INHERITED) delete inherited[name];
    const metricsToken = randomBytes(24).toString('base64url');
    const projectorMetricsPort = await freePort();
    const shared: NodeJS.ProcessEnv = {
      ...inherited,
      METRICS_TOKEN: metricsToken,
      DATABASE_URL: databaseUrl,
      ...(kafkaBrokers ? { KAFKA_BROKERS: kafkaBrokers, KAFKA_TOPIC: topic } : {}),
      JWT_SECRET: randomBytes(36).toString('base64url'),
      DOB_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      MEDIA_SECRET: randomBytes(36).toString('base64url'),
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://127.0.0.1:8080',
      // Traced runs export their spans every 200 ms, so a test sees them soon.
      ...(options.otlpEndpoint
        ? { OTEL_EXPORTER_OTLP_ENDPOINT: options.otlpEndpoint, OTEL_BSP_SCHEDULE_DELAY: '200' }
        : {}),
    };

    let projector: ManagedProcess | undefined;
    const startProjector = async (): Promise<ManagedProcess> => {
      if (projector && !projector.ended()) throw new Error('the projector is running already');
      projector = startNodeProcess('projector', root, 'dist/apps/projector/main.js', {
        ...shared,
        DATA_DIR: join(scratch, 'projector'),
        METRICS_PORT: String(projectorMetricsPort),
        LOG_LEVEL: 'info',
      });
      await projector.waitFor(PROJECTOR_STARTED, 120_000);
      log(`projector process running (pid ${projector.child.pid})`);
      return projector;
    };
    stops.push(() => projector?.stop());

    const nodes: ApiNode[] = [];
    const startNode = async (index: number): Promise<ApiNode> => {
      const running = nodes[index];
      if (running && !running.process.ended()) throw new Error(`API node ${index} is running already`);
      const port = running?.port ?? (await freePort());
      const node: ApiNode = {
        index,
        port,
        url: `http://127.0.0.1:${port}`,
        process: startNodeProcess(`api-${index}`, root, 'dist/apps/api/main.js', {
          ...shared,
          PORT: String(port),
          DATA_DIR: join(scratch, `api-${index}`),
          RUN_PROJECTIONS: 'false',
          SERVE_WEB: 'false',
          SEED_DEMO: 'true',
          // The demo videos' background import would load the machine under test.
          DEMO_VIDEOS: 'false',
          TRUST_PROXY: 'loopback',
          LOG_LEVEL: 'warn',
        }),
      };
      nodes[index] = node;
      await node.process.waitFor(API_OPEN, 120_000);
      log(`API node ${index} at ${node.url} (pid ${node.process.child.pid})`);
      return node;
    };
    stops.push(async () => {
      await Promise.all(nodes.map((n) => n.process.stop()));
    });

    // The projector first: it makes the read-model tables the API nodes wait on. Then the nodes one
    // after another: the first seeds the demo data, the next ones find it there.
    await startProjector();
    for (let i = 0; i < (options.apiNodes ?? 2); i++) await startNode(i);

    return {
      databaseUrl,
      kafkaBrokers,
      topic,
      nodes,
      metricsToken,
      projectorMetricsUrl: `http://127.0.0.1:${projectorMetricsPort}/metrics`,
      projector: () => {
        if (!projector) throw new Error('no projector');
        return projector;
      },
      killNode: async (index) => nodes[index]?.process.kill(),
      startNode,
      killProjector: async () => projector?.kill(),
      stopProjector: async () => projector?.stop(),
      startProjector,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
