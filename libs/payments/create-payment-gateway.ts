import type { Pool } from 'pg';
import type { Clock } from '#libs/application/clock.js';
import type { Config } from '#libs/config/config.js';
import type { PaymentGateway } from './payment-gateway.js';
import { SandboxGateway } from './sandbox-gateway.js';
import { pgSandboxStore } from './sandbox-gateway-store.js';
import { StripeGateway } from './stripe-gateway.js';
import { pgStripeGatewayStore } from './stripe-gateway-store.js';

export type PaymentGatewayConfig = Pick<
  Config,
  'PAYMENT_GATEWAY' | 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE' | 'STRIPE_CURRENCY' | 'STRIPE_ALLOW_RAW_CARDS'
>;

/**
 * The gateway adapter configuration asks for (PAYMENT_GATEWAY, validated in libs/config): the
 * built-in sandbox (the default), which keeps its charges and tokens in PostgreSQL, or Stripe
 * (STRIPE_SECRET_KEY; STRIPE_API_BASE for a stand-in such as localstripe), which keeps its keys there.
 * Another adapter implements PaymentGateway, gets its name in PAYMENT_GATEWAYS and its case here.
 */
export function createPaymentGateway(config: PaymentGatewayConfig, pool: Pool, clock: Clock): PaymentGateway {
  switch (config.PAYMENT_GATEWAY) {
    case 'sandbox':
      return new SandboxGateway(pgSandboxStore(pool), clock);
    case 'stripe': {
      // libs/config refuses PAYMENT_GATEWAY=stripe without a key; this guards a hand-built config.
      if (!config.STRIPE_SECRET_KEY) throw new Error('PAYMENT_GATEWAY=stripe needs STRIPE_SECRET_KEY');
      return new StripeGateway(pgStripeGatewayStore(pool), {
        secretKey: config.STRIPE_SECRET_KEY,
        ...(config.STRIPE_API_BASE ? { apiBase: config.STRIPE_API_BASE } : {}),
        currency: config.STRIPE_CURRENCY,
        allowRawCards: config.STRIPE_ALLOW_RAW_CARDS,
        standIn: config.STRIPE_API_BASE !== undefined,
        // Stripe's search shows an intent within a minute; localstripe's list at once.
        searchLagMs: config.STRIPE_API_BASE !== undefined ? 0 : 60_000,
      });
    }
  }
}
