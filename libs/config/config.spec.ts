import { ConfigError, DEMO_CME_STATEMENTS, loadConfig, parseConfig, stripeScriptUrl } from './config.js';

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
    expect((refusal as ConfigError).message).toBe(
      'Invalid configuration: PAYMENT_GATEWAY must be one of: sandbox, stripe',
    );
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
    expect(written).toEqual(['Invalid configuration: PAYMENT_GATEWAY must be one of: sandbox, stripe\n']);
  });
});

describe('configuration: the Stripe gateway', () => {
  const refusal = (env: Record<string, string>): string => {
    try {
      parseConfig(env);
    } catch (error) {
      return (error as Error).message;
    }
    return 'accepted';
  };

  it('takes stripe with its secret key, Stripe itself by default, in US dollars, raw cards refused', () => {
    const config = parseConfig({
      PAYMENT_GATEWAY: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
    });
    expect(config).toMatchObject({
      PAYMENT_GATEWAY: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_CURRENCY: 'usd',
      STRIPE_ALLOW_RAW_CARDS: false,
    });
    expect(config.STRIPE_API_BASE).toBeUndefined();
    expect(stripeScriptUrl(config)).toBe('https://js.stripe.com/v3/');
  });

  it('refuses stripe without a secret key or a publishable key, and a key that is not a secret key', () => {
    expect(refusal({ PAYMENT_GATEWAY: 'stripe', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' })).toBe(
      'Invalid configuration: STRIPE_SECRET_KEY is required with PAYMENT_GATEWAY=stripe',
    );
    expect(refusal({ PAYMENT_GATEWAY: 'stripe', STRIPE_SECRET_KEY: 'sk_test_abc' })).toBe(
      'Invalid configuration: STRIPE_PUBLISHABLE_KEY is required with PAYMENT_GATEWAY=stripe',
    );
    expect(
      refusal({ PAYMENT_GATEWAY: 'stripe', STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' }),
    ).toBe('Invalid configuration: STRIPE_SECRET_KEY must be a Stripe secret key (sk_...)');
  });

  it('takes a stand-in address for the API (localstripe) and refuses one that is not http(s)', () => {
    const env = { PAYMENT_GATEWAY: 'stripe', STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_a' };
    const standIn = parseConfig({ ...env, STRIPE_API_BASE: 'http://localhost:8420/' });
    expect(standIn.STRIPE_API_BASE).toBe('http://localhost:8420/');
    // The browser loads the stand-in's mock of Stripe.js, unless STRIPE_JS_URL says otherwise.
    expect(stripeScriptUrl(standIn)).toBe('http://localhost:8420/js.stripe.com/v3/');
    expect(stripeScriptUrl({ ...standIn, STRIPE_JS_URL: 'https://js.example.test/v3/' })).toBe(
      'https://js.example.test/v3/',
    );
    expect(refusal({ ...env, STRIPE_API_BASE: 'localhost:8420' })).toBe(
      'Invalid configuration: STRIPE_API_BASE must start with http:// or https://',
    );
  });

  it('refuses the test-only raw card setting in production', () => {
    expect(refusal({ NODE_ENV: 'production', STRIPE_ALLOW_RAW_CARDS: 'true' })).toBe(
      'Invalid configuration: STRIPE_ALLOW_RAW_CARDS must not be true in production',
    );
    expect(parseConfig({ NODE_ENV: 'test', STRIPE_ALLOW_RAW_CARDS: 'true' }).STRIPE_ALLOW_RAW_CARDS).toBe(true);
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

describe('configuration: mail', () => {
  it('reminds 30 days before a renewal charges unless told otherwise, and names the shop in its mails', () => {
    const config = parseConfig({});
    expect(config.RENEWAL_REMINDER_DAYS).toBe(30);
    expect(config.SHOP_NAME).toBe('MedShop');
    expect(config.MAIL_SUPPORT_EMAIL).toBe('support@shop.localhost');
    expect(parseConfig({ RENEWAL_REMINDER_DAYS: '45' }).RENEWAL_REMINDER_DAYS).toBe(45);
  });

  it('refuses a reminder outside 15 to 45 days and a support address that is not one', () => {
    expect(() => parseConfig({ RENEWAL_REMINDER_DAYS: '14' })).toThrow(/RENEWAL_REMINDER_DAYS/);
    expect(() => parseConfig({ RENEWAL_REMINDER_DAYS: '46' })).toThrow(/RENEWAL_REMINDER_DAYS/);
    expect(() => parseConfig({ MAIL_SUPPORT_EMAIL: 'help desk' })).toThrow(
      'Invalid configuration: MAIL_SUPPORT_EMAIL must be an email address',
    );
  });
});

describe('configuration: what a CME certificate states of its accreditation', () => {
  it('prints the demo wording when nothing is set (an empty value counts as absent)', () => {
    const config = parseConfig({ CME_PROVIDER_NAME: ' ' });
    expect(config.CME_PROVIDER_NAME).toBe(DEMO_CME_STATEMENTS.providerName);
    expect(config.CME_ACCREDITATION_STATEMENT).toContain('{provider} is accredited by the Accreditation Council');
    expect(config.CME_DESIGNATION_STATEMENT).toContain('for a maximum of {credits}.');
    expect([config.CME_CREDIT_NAME, config.CME_CREDIT_NAME_PLURAL]).toEqual([
      'AMA PRA Category 1 Credit™',
      'AMA PRA Category 1 Credits™',
    ]);
  });

  it("takes the accredited provider's own wording, trimmed", () => {
    const config = parseConfig({
      CME_PROVIDER_NAME: '  Society of Facial Surgeons ',
      CME_DESIGNATION_STATEMENT: 'The {provider} designates this enduring material for a maximum of {credits}.',
    });
    expect(config.CME_PROVIDER_NAME).toBe('Society of Facial Surgeons');
    expect(config.CME_DESIGNATION_STATEMENT).toBe(
      'The {provider} designates this enduring material for a maximum of {credits}.',
    );
  });

  it('refuses a designation without the maximum, a statement on several lines and one too long, with one line', () => {
    expect(() => parseConfig({ CME_DESIGNATION_STATEMENT: 'The {provider} designates this activity.' })).toThrow(
      'Invalid configuration: CME_DESIGNATION_STATEMENT must contain {credits} (the maximum of the activity)',
    );
    expect(() => parseConfig({ CME_ACCREDITATION_STATEMENT: 'Accredited\nby ACCME' })).toThrow(
      'Invalid configuration: CME_ACCREDITATION_STATEMENT must be one line of text',
    );
    expect(() => parseConfig({ CME_PROVIDER_NAME: 'x'.repeat(121) })).toThrow(
      'Invalid configuration: CME_PROVIDER_NAME must be at most 120 characters',
    );
  });
});
