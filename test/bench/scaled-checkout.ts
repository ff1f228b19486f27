import { guestCheckoutOn } from '../topology/load.js';
import { startTopology, type Topology } from '../topology/topology.js';
import { type BudgetResult, verdict } from './report.js';

/** Concurrent checkout loops, the same number against one node and spread over two (SCALED_LOOPS to try more). */
const LOOPS = Number(process.env.SCALED_LOOPS) || 8;
const WARM_UP_MS = 3_000;
const MEASURE_MS = 12_000;
const BUDGET_RATIO = 1.6;

/** Guest checkouts (cart, quote, pay) acknowledged per second by `LOOPS` loops spread over `bases`. */
async function checkoutsPerSecond(bases: readonly string[], durationMs: number): Promise<number> {
  let acknowledged = 0;
  const deadline = Date.now() + durationMs;
  const loop = async (i: number): Promise<void> => {
    const node = i % bases.length;
    while (Date.now() < deadline) {
      const attempt = await guestCheckoutOn(bases[node]!, node);
      if (!attempt.answer?.ONUM) throw new Error(`a checkout on node ${node} was not acknowledged`);
      if (Date.now() <= deadline) acknowledged++;
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: LOOPS }, (_, i) => loop(i)));
  return acknowledged / ((Math.max(Date.now(), deadline) - started) / 1000);
}

/**
 * docs/performance.md, scaled out: checkout throughput of two API nodes at least 1.6 times one node.
 * The scaled-out topology of test/topology (two `dist/apps/api/main.js` processes, RUN_PROJECTIONS=false,
 * the projector process, one PostgreSQL; Kafka only when KAFKA_BROKERS is set) on the bench's durable
 * PostgreSQL; the same loops first all against node A, then spread over A and B, in the same run.
 */
export async function scaledCheckout(databaseUrl: string): Promise<BudgetResult> {
  let topology: Topology | undefined;
  try {
    topology = await startTopology({
      databaseUrl,
      kafka: process.env.KAFKA_BROKERS ?? 'none',
      log: (line) => process.stderr.write(`bench: ${line}\n`),
    });
    const [a, b] = topology.nodes.map((n) => n.url) as [string, string];
    await checkoutsPerSecond([a, b], WARM_UP_MS);
    const one = await checkoutsPerSecond([a], MEASURE_MS);
    const two = await checkoutsPerSecond([a, b], MEASURE_MS);
    const ratio = two / one;
    return {
      crashed: false,
      row: {
        budget: `scaled out: checkout throughput, 2 API nodes vs 1 (${LOOPS} loops)`,
        measured: `${two.toFixed(1)} checkouts/s on 2 nodes`,
        baseline: `${one.toFixed(1)} checkouts/s on 1 node`,
        ratio: `${ratio.toFixed(2)}x (budget >= ${BUDGET_RATIO}x)`,
        verdict: verdict(ratio >= BUDGET_RATIO),
      },
      notes: [
        `scaled out: both nodes, the projector and PostgreSQL share this machine's CPUs with the load generator;` +
          ` a second node adds HTTP and command capacity, not database or projector capacity.`,
      ],
    };
  } finally {
    await topology?.stop();
  }
}
