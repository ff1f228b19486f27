/**
 * `npm run order:refund -- ONUM [--amount CENTS] --reason "..." [--by NAME] [--key KEY]`: gives money of
 * a paid order back through the payment gateway and records OrderRefunded (docs/payments.md, Refunds).
 * Without --amount all that is left is refunded (a full refund: the process managers of the shop then
 * take back the access the order granted). --by names the operator (default: the OS user). The same
 * command run twice refunds once. Stop the shop first in embedded mode.
 */
import { userInfo } from 'node:os';
import { SystemClock } from '#libs/application/clock.js';
import { withCliDatabase } from '#libs/database/cli-database.js';
import { DomainError } from '#libs/domain/kernel/decider.js';
import { createEventStore } from '#libs/eventstore/create-event-store.js';
import { createPaymentGateway } from '#libs/payments/create-payment-gateway.js';
import { dollars } from '../finance/index.js';
import { parseRefundArguments } from './refund-arguments.js';
import { refundOrder } from './refund-order.js';
import { operatorConfig } from '../infrastructure/secrets.js';

const USAGE = 'Usage: npm run order:refund -- ONUM [--amount CENTS] --reason "..." [--by NAME] [--key KEY]\n';

const operator = (): string => {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? 'operator';
  }
};

const parsed = parseRefundArguments(process.argv.slice(2), operator());
if ('error' in parsed) {
  process.stderr.write(`${parsed.error}\n${USAGE}`);
  process.exit(1);
}

const config = await operatorConfig();
const clock = new SystemClock();
let code = 0;
await withCliDatabase(config, async (pool) => {
  const store = await createEventStore(config, pool);
  try {
    const result = await refundOrder({ store, gateway: createPaymentGateway(config, pool, clock), clock }, parsed);
    if (result.outcome === 'refused') {
      process.stderr.write(`The gateway refused the refund: ${result.errors.join(' ')}\n`);
      code = 1;
      return;
    }
    const e = result.event;
    const what = e.full
      ? 'full refund: the shop takes back the access it granted, at once if it runs, else when it starts'
      : 'partial refund: the access stays';
    const verb = result.outcome === 'refunded' ? 'Refunded' : 'Already refunded (nothing moved now):';
    process.stdout.write(
      `${verb} $${dollars(e.amountCents)} of order ${e.onum} (${what}); refunded so far $${dollars(e.refundedCents)}; ` +
        `reference ${e.refundReference}\n`,
    );
  } catch (error) {
    const text = error instanceof DomainError || error instanceof Error ? error.message : String(error);
    process.stderr.write(`Refund of order ${parsed.onum} failed: ${text}\n`);
    code = 1;
  } finally {
    await store.close();
  }
});
process.exit(code);
