import type { Pool } from 'pg';
import { SystemClock } from '#libs/application/clock.js';
import { parseConfig } from '#libs/config/config.js';
import { createPaymentGateway } from './create-payment-gateway.js';
import { SandboxGateway } from './sandbox-gateway.js';
import { StripeGateway } from './stripe-gateway.js';

describe('createPaymentGateway', () => {
  it('builds the sandbox gateway PAYMENT_GATEWAY names (the default), touching no table yet', () => {
    const query = jest.fn();
    const pool = { query } as unknown as Pool;
    const gateway = createPaymentGateway(parseConfig({}), pool, new SystemClock());
    expect(gateway).toBeInstanceOf(SandboxGateway);
    expect(query).not.toHaveBeenCalled();
  });
});

describe('createPaymentGateway: stripe', () => {
  it('builds the Stripe gateway PAYMENT_GATEWAY=stripe names, touching no table and calling nobody yet', () => {
    const query = jest.fn();
    const pool = { query } as unknown as Pool;
    const config = parseConfig({
      PAYMENT_GATEWAY: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
      STRIPE_API_BASE: 'http://localhost:8420',
    });
    const gateway = createPaymentGateway(config, pool, new SystemClock());
    expect(gateway).toBeInstanceOf(StripeGateway);
    expect(query).not.toHaveBeenCalled();
  });

  it('refuses a hand-built stripe configuration without a secret key', () => {
    const config = { ...parseConfig({}), PAYMENT_GATEWAY: 'stripe' as const };
    expect(() => createPaymentGateway(config, {} as Pool, new SystemClock())).toThrow(
      'PAYMENT_GATEWAY=stripe needs STRIPE_SECRET_KEY',
    );
  });
});
