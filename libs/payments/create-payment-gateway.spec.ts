import type { Pool } from 'pg';
import { SystemClock } from '#libs/application/clock.js';
import { parseConfig } from '#libs/config/config.js';
import { createPaymentGateway } from './create-payment-gateway.js';
import { SandboxGateway } from './sandbox-gateway.js';

describe('createPaymentGateway', () => {
  it('builds the sandbox gateway PAYMENT_GATEWAY names (the default), touching no table yet', () => {
    const query = jest.fn();
    const pool = { query } as unknown as Pool;
    const gateway = createPaymentGateway(parseConfig({}), pool, new SystemClock());
    expect(gateway).toBeInstanceOf(SandboxGateway);
    expect(query).not.toHaveBeenCalled();
  });
});
