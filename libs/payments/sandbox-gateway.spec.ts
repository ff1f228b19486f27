import { FixedClock } from '#libs/application/clock.js';
import { KEY_REUSED, systemKey } from '#libs/application/stored-answers.js';
import { DECLINES } from './decline-words.js';
import { MAX_YEARS_AHEAD, REFUND_REFUSALS, SandboxGateway, expiryProblem, luhnValid } from './sandbox-gateway.js';
import { memorySandboxStore } from './sandbox-gateway-store.js';

/** A test's key, in the shop's own namespace. */
const key = (name: string) => systemKey('test', name);
const clock = new FixedClock(new Date('2026-06-15T10:00:00.000Z'));
const card = (number: string, over: Partial<{ month: number; year: number }> = {}) => ({
  number,
  month: 12,
  year: 2030,
  cvc: '123',
  ...over,
});

describe('sandbox gateway', () => {
  it('checks the Luhn digit', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42')).toBe(false);
  });

  it('approves Luhn-valid numbers with brand and last four', async () => {
    const gateway = new SandboxGateway(memorySandboxStore(), clock);
    const visa = await gateway.charge({
      amountCents: 1000,
      card: card('4242 4242 4242 4242'),
      idempotencyKey: key('a'),
    });
    expect(visa).toMatchObject({ approved: true, brand: 'Visa', last4: '4242' });
    const mc = await gateway.charge({ amountCents: 1000, card: card('5555555555554444'), idempotencyKey: key('b') });
    expect(mc).toMatchObject({ approved: true, brand: 'Mastercard', last4: '4444' });
    expect(mc.approved && mc.reference).toMatch(/^sbx_ch_[a-z]{24}$/);
  });

  it.each([
    ['4000000000000002', DECLINES.declined],
    ['4000000000009995', DECLINES.insufficientFunds],
    ['4000000000000069', DECLINES.expired],
    ['4000000000000127', DECLINES.securityCode],
    ['4242424242424241', DECLINES.incorrectNumber],
  ])('declines %s with its text', async (number, text) => {
    const gateway = new SandboxGateway(memorySandboxStore(), clock);
    expect(await gateway.charge({ amountCents: 1000, card: card(number), idempotencyKey: key(number) })).toEqual({
      approved: false,
      errors: [text],
    });
  });

  it('declines an expiry in the past', async () => {
    const gateway = new SandboxGateway(memorySandboxStore(), clock);
    const result = await gateway.charge({
      amountCents: 1000,
      card: card('4242424242424242', { month: 5, year: 2026 }),
      idempotencyKey: key('x'),
    });
    expect(result).toEqual({ approved: false, errors: [DECLINES.expired] });
  });

  it('the same key asking the same gets the same answer and is charged once', async () => {
    const store = memorySandboxStore();
    const gateway = new SandboxGateway(store, clock);
    const first = await gateway.charge({ amountCents: 1000, card: card('4242424242424242'), idempotencyKey: key('k') });
    const again = await gateway.charge({ amountCents: 1000, card: card('4242424242424242'), idempotencyKey: key('k') });
    expect(again).toEqual(first);
    expect(store.charges.size).toBe(1);
  });

  it.each([
    ['another amount', { amountCents: 999, card: card('4242424242424242') }],
    ['another card', { amountCents: 1000, card: card('4000000000000002') }],
    ['another order', { amountCents: 1000, card: card('4242424242424242'), orderNumber: 100002 }],
  ])('the same key asking %s is refused, and nothing more is kept', async (_name, asked) => {
    const store = memorySandboxStore();
    const gateway = new SandboxGateway(store, clock);
    const first = await gateway.charge({ amountCents: 1000, card: card('4242424242424242'), idempotencyKey: key('k') });
    await expect(gateway.charge({ ...asked, idempotencyKey: key('k') })).rejects.toThrow(KEY_REUSED);
    expect([...store.charges.values()].map((c) => c.result)).toEqual([first]);
  });

  it('keeps a card as an opaque token that charges later; the number is never kept', async () => {
    const store = memorySandboxStore();
    const gateway = new SandboxGateway(store, clock);
    const saved = await gateway.charge({
      amountCents: 500,
      card: card('4242424242424242'),
      idempotencyKey: key('s'),
      saveCard: true,
    });
    if (!saved.approved || !saved.token) throw new Error('expected a token');
    expect(saved.token).toMatch(/^tok_[0-9a-f]{24}$/);
    const kept = await store.findToken(saved.token);
    expect(JSON.stringify(kept)).not.toContain('4242424242424242');
    const again = await gateway.charge({ amountCents: 700, token: saved.token, idempotencyKey: key('t') });
    expect(again).toMatchObject({ approved: true, last4: '4242', month: '12', year: '2030' });
    expect(await gateway.charge({ amountCents: 700, token: 'tok_unknown', idempotencyKey: key('u') })).toEqual({
      approved: false,
      errors: [DECLINES.declined],
    });
    const tokenized = await gateway.tokenize(card('5555555555554444'));
    expect(tokenized).toMatchObject({ brand: 'Mastercard', last4: '4444' });
  });

  it.each([
    ['a month that is not a number ("ab")', Number('ab'), 2030, DECLINES.invalidMonth],
    ['month 0', 0, 2030, DECLINES.invalidMonth],
    ['month 13', 13, 2030, DECLINES.invalidMonth],
    ['a fractional month', 6.5, 2030, DECLINES.invalidMonth],
    ['a year that is not a number ("cd")', 12, Number('cd'), DECLINES.invalidYear],
    ['a year of 2 digits', 12, 30, DECLINES.invalidYear],
    ['year 9999', 12, 9999, DECLINES.invalidYear],
    [`more than ${MAX_YEARS_AHEAD} years ahead`, 1, 2026 + MAX_YEARS_AHEAD + 1, DECLINES.invalidYear],
  ])('refuses an expiry it cannot read: %s', async (_name, month, year, text) => {
    const gateway = new SandboxGateway(memorySandboxStore(), clock);
    const result = await gateway.charge({
      amountCents: 1000,
      card: card('4242424242424242', { month, year }),
      idempotencyKey: key(`expiry-${String(month)}-${String(year)}`),
    });
    expect(result).toEqual({ approved: false, errors: [text] });
    expect(await gateway.tokenize(card('4242424242424242', { month, year }))).toEqual({
      approved: false,
      errors: [text],
    });
  });

  it('accepts the current month and up to the furthest year', () => {
    expect(expiryProblem(6, 2026, clock.now())).toBeNull();
    expect(expiryProblem(12, 2026 + MAX_YEARS_AHEAD, clock.now())).toBeNull();
    expect(expiryProblem(5, 2026, clock.now())).toBe(DECLINES.expired);
  });

  describe('refunds', () => {
    const charged = async (gateway: SandboxGateway, amountCents = 1000): Promise<string> => {
      const result = await gateway.charge({ amountCents, card: card('4242424242424242'), idempotencyKey: key('paid') });
      if (!result.approved) throw new Error('expected an approved charge');
      return result.reference;
    };
    const refund = (chargeReference: string, amountCents: number, name: string) => ({
      chargeReference,
      amountCents,
      idempotencyKey: key(name),
      reason: 'test',
    });

    it('gives back part of a charge, then the rest, and nothing beyond it', async () => {
      const gateway = new SandboxGateway(memorySandboxStore(), clock);
      const reference = await charged(gateway);
      const part = await gateway.refund(refund(reference, 300, 'r1'));
      expect(part).toMatchObject({ refunded: true, amountCents: 300 });
      expect(part.refunded && part.reference).toMatch(/^sbx_re_[a-z]{24}$/);
      expect(await gateway.refund(refund(reference, 701, 'r2'))).toEqual({
        refunded: false,
        errors: [REFUND_REFUSALS.tooMuch],
      });
      expect(await gateway.refund(refund(reference, 700, 'r3'))).toMatchObject({ refunded: true, amountCents: 700 });
      expect(await gateway.refund(refund(reference, 1, 'r4'))).toEqual({
        refunded: false,
        errors: [REFUND_REFUSALS.tooMuch],
      });
    });

    it('the same key gets the same answer and the money moves once', async () => {
      const gateway = new SandboxGateway(memorySandboxStore(), clock);
      const reference = await charged(gateway);
      const first = await gateway.refund(refund(reference, 600, 'same'));
      expect(await gateway.refund(refund(reference, 600, 'same'))).toEqual(first);
      // Had the money moved twice, 600 more would not fit in what is left (400).
      expect(await gateway.refund(refund(reference, 400, 'other'))).toMatchObject({ refunded: true });
    });

    it('the same key for another amount or another charge is refused: no refund is answered that did not happen', async () => {
      const gateway = new SandboxGateway(memorySandboxStore(), clock);
      const reference = await charged(gateway);
      const other = await gateway.charge({
        amountCents: 800,
        card: card('4242424242424242'),
        idempotencyKey: key('o'),
      });
      if (!other.approved) throw new Error('expected an approved charge');
      await gateway.refund(refund(reference, 600, 'used'));
      await expect(gateway.refund(refund(reference, 500, 'used'))).rejects.toThrow(KEY_REUSED);
      await expect(gateway.refund(refund(other.reference, 600, 'used'))).rejects.toThrow(KEY_REUSED);
      // The other charge is whole: its 800 can be given back.
      expect(await gateway.refund(refund(other.reference, 800, 'whole'))).toMatchObject({ refunded: true });
    });

    it.each([
      ['no cents', 0, REFUND_REFUSALS.amount],
      ['a fraction of a cent', 1.5, REFUND_REFUSALS.amount],
      ['a negative amount', -100, REFUND_REFUSALS.amount],
    ])('refuses %s', async (_name, amountCents, text) => {
      const gateway = new SandboxGateway(memorySandboxStore(), clock);
      const reference = await charged(gateway);
      expect(await gateway.refund(refund(reference, amountCents, 'bad'))).toEqual({ refunded: false, errors: [text] });
    });

    it('refuses a refund of a charge it never approved', async () => {
      const gateway = new SandboxGateway(memorySandboxStore(), clock);
      expect(await gateway.refund(refund('sbx_ch_unknown', 100, 'none'))).toEqual({
        refunded: false,
        errors: [REFUND_REFUSALS.noCharge],
      });
    });
  });
});
