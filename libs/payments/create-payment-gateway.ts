import type { Pool } from 'pg';
import type { Clock } from '#libs/application/clock.js';
import type { Config } from '#libs/config/config.js';
import type { PaymentGateway } from './payment-gateway.js';
import { pgSandboxStore, SandboxGateway } from './sandbox-gateway.js';

/**
 * The gateway adapter configuration asks for (PAYMENT_GATEWAY, validated in libs/config): the
 * built-in sandbox, which keeps its charges and tokens in PostgreSQL. A real gateway's adapter
 * implements PaymentGateway, gets its name in PAYMENT_GATEWAYS and its case here.
 */
export function createPaymentGateway(
  config: Pick<Config, 'PAYMENT_GATEWAY'>,
  pool: Pool,
  clock: Clock,
): PaymentGateway {
  switch (config.PAYMENT_GATEWAY) {
    case 'sandbox':
      return new SandboxGateway(pgSandboxStore(pool), clock);
  }
}
