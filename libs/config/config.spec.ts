import { ConfigError, loadConfig, parseConfig } from './config.js';

describe('configuration: PAYMENT_GATEWAY', () => {
  it('uses the built-in sandbox gateway when the setting is absent', () => {
    expect(parseConfig({}).PAYMENT_GATEWAY).toBe('sandbox');
  });

  it('accepts sandbox by name', () => {
    expect(parseConfig({ PAYMENT_GATEWAY: 'sandbox' }).PAYMENT_GATEWAY).toBe('sandbox');
  });

  it('refuses an unknown gateway with one line naming the setting and the choices', () => {
    let refusal: unknown;
    try {
      parseConfig({ PAYMENT_GATEWAY: 'acme-pay' });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ConfigError);
    expect((refusal as ConfigError).message).toBe('Invalid configuration: PAYMENT_GATEWAY must be one of: sandbox');
  });

  it('stops the start with that one line on stderr, without a stack trace', () => {
    const written: string[] = [];
    const write = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    const exit = jest.spyOn(process, 'exit').mockImplementation((code?: string | number | null) => {
      throw new Error(`exit ${String(code)}`);
    });
    try {
      expect(() => loadConfig({ PAYMENT_GATEWAY: 'acme-pay' })).toThrow('exit 1');
    } finally {
      write.mockRestore();
      exit.mockRestore();
    }
    expect(written).toEqual(['Invalid configuration: PAYMENT_GATEWAY must be one of: sandbox\n']);
  });
});

describe('configuration: STRIPE_WEBHOOK_SECRET', () => {
  it('is absent unless set (an empty value counts as absent)', () => {
    expect(parseConfig({}).STRIPE_WEBHOOK_SECRET).toBeUndefined();
    expect(parseConfig({ STRIPE_WEBHOOK_SECRET: ' ' }).STRIPE_WEBHOOK_SECRET).toBeUndefined();
  });

  it("accepts a Stripe endpoint's signing secret", () => {
    expect(parseConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_abc123' }).STRIPE_WEBHOOK_SECRET).toBe('whsec_abc123');
  });

  it('refuses another kind of key (an API key pasted by mistake) with one line', () => {
    expect(() => parseConfig({ STRIPE_WEBHOOK_SECRET: 'sk_test_123' })).toThrow(
      'Invalid configuration: STRIPE_WEBHOOK_SECRET must start with whsec_',
    );
  });
});
