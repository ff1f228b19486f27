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
