import { type AnswerKey, KEY_REUSED, systemKey } from '#libs/application/stored-answers.js';
import { fireAtOnce, unexpectedStatuses } from '../support/concurrency.js';
import {
  type ChargeApproved,
  type ChargeDeclined,
  type ChargeResult,
  type ChargeSource,
  PAYMENT_INTERRUPTED,
  type PaymentGateway,
  type TokenizedCard,
} from '#libs/payments/payment-gateway.js';

/** The card numbers every gateway must know (Stripe's test cards; the sandbox's table says the same). */
export const CARDS = {
  good: '4242424242424242',
  declinedOnAttach: '4000000000000002',
  declinedOnCharge: '4000000000000341',
  authenticate: '4000002760003184',
} as const;

/** A gateway to hold to the contract, as a test file opens it. */
export interface GatewayUnderTest {
  gateway: PaymentGateway;
  /** A second instance on the same storage: the process after a crash and a restart. */
  restarted(): PaymentGateway;
  /** What the shop hands the gateway for a card typed in: card details (sandbox), or Stripe.js' payment method. */
  sourceOf(number: string): Promise<ChargeSource>;
  /** How many charges the processor holds for a key (what really moved), when it can tell. */
  chargesWithKey?(key: string): Promise<number>;
}

/** The contract cases a gateway cannot meet, each with its reason (the test names it and is skipped). */
export interface ContractOptions {
  /** 3-D Secure needs a browser step the gateway cannot offer. */
  noAuthentication?: string;
  /** Finishes a 3-D Secure step as the holder's bank page would, for a reference the charge answered. */
  authenticate?(action: NonNullable<ChargeDeclined['action']>): Promise<void>;
}

let counter = 0;
/** A key no other test (or run: the processor may be shared) uses. */
export const freshKey = (what: string): AnswerKey =>
  systemKey('contract', what, Date.now().toString(36), (counter++).toString(36));

export const expiry = { month: 12, year: 2030 };

function approvedOf(result: ChargeResult): ChargeApproved {
  if (!result.approved) throw new Error(`expected an approval, got ${JSON.stringify(result)}`);
  return result;
}

/**
 * The PaymentGateway contract (docs/payments.md, One contract for every gateway): one `describe` per
 * gateway, the same cases for each. `open` is called once per case; the gateway's storage may be shared.
 */
export function gatewayContract(
  name: string,
  open: () => Promise<GatewayUnderTest>,
  options: ContractOptions = {},
): void {
  describe(`PaymentGateway contract: ${name}`, () => {
    let under: GatewayUnderTest;
    beforeEach(async () => {
      under = await open();
    });

    it('approves a good card: a reference with no run of 12 digits, brand, last four and expiry; the same key, the same charge', async () => {
      const key = freshKey('approve');
      const source = await under.sourceOf(CARDS.good);
      const first = approvedOf(await under.gateway.charge({ ...source, amountCents: 4_500, idempotencyKey: key }));
      expect(first.reference).not.toMatch(/\d{12}/);
      expect(first).toMatchObject({ brand: 'Visa', last4: '4242', month: '12', year: '2030' });
      expect(first.token).toBeUndefined();
      const again = await under.gateway.charge({ ...source, amountCents: 4_500, idempotencyKey: key });
      expect(again).toEqual(first);
      if (under.chargesWithKey) expect(await under.chargesWithKey(key)).toBe(1);
    });

    it('declines 4000000000000002 when the card is kept, on the card tab and at a Pay with "save card"', async () => {
      const kept = await under.gateway.tokenize({ number: CARDS.declinedOnAttach, ...expiry, cvc: '123' });
      // The buyer's words; an adapter may add the processor's own reason for the logs.
      expect(kept).toMatchObject({ approved: false, errors: ['Your card was declined.'] });
      const source = await under.sourceOf(CARDS.declinedOnAttach);
      const charged = await under.gateway.charge({
        ...source,
        amountCents: 4_500,
        idempotencyKey: freshKey('attach-decline'),
        saveCard: true,
      });
      expect(charged).toMatchObject({ approved: false, errors: ['Your card was declined.'] });
    });

    it("keeps 4000000000000341 and declines it when charged off-session, in the shop's words", async () => {
      const kept = (await under.gateway.tokenize({
        number: CARDS.declinedOnCharge,
        ...expiry,
        cvc: '123',
      })) as TokenizedCard;
      expect(kept.token).toEqual(expect.any(String));
      expect(kept.last4).toBe('0341');
      const charged = await under.gateway.charge({
        token: kept.token,
        amountCents: 9_900,
        idempotencyKey: freshKey('renewal-decline'),
      });
      expect(charged).toMatchObject({ approved: false, errors: ['Your card was declined.'] });
    });

    it('keeps a card on file (save card at Pay, and the card tab) and charges its token off-session', async () => {
      const source = await under.sourceOf(CARDS.good);
      const paid = approvedOf(
        await under.gateway.charge({ ...source, amountCents: 2_000, idempotencyKey: freshKey('save'), saveCard: true }),
      );
      expect(paid.token).toEqual(expect.any(String));
      expect(paid.token).not.toContain(CARDS.good);
      const renewal = approvedOf(
        await under.gateway.charge({
          token: paid.token as string,
          amountCents: 1_800,
          idempotencyKey: freshKey('renew'),
        }),
      );
      expect(renewal).toMatchObject({ last4: '4242', token: paid.token });
      expect(renewal.reference).not.toBe(paid.reference);

      const kept = (await under.gateway.tokenize({ number: CARDS.good, ...expiry, cvc: '123' })) as TokenizedCard;
      expect(kept).toMatchObject({ brand: 'Visa', last4: '4242', month: '12', year: '2030' });
      const offSession = await under.gateway.charge({
        token: kept.token,
        amountCents: 1_800,
        idempotencyKey: freshKey('renew'),
      });
      expect(offSession).toMatchObject({ approved: true, last4: '4242', token: kept.token });
    });

    it('a charge key asked again for another amount or card is refused; nothing more is charged', async () => {
      const key = freshKey('fingerprint');
      const source = await under.sourceOf(CARDS.good);
      const first = approvedOf(await under.gateway.charge({ ...source, amountCents: 10_716, idempotencyKey: key }));
      // A cheaper charge's key offered for a dearer one (the renewal paid by a cart's charge): refused.
      await expect(under.gateway.charge({ ...source, amountCents: 157_500, idempotencyKey: key })).rejects.toThrow(
        KEY_REUSED,
      );
      const other = await under.sourceOf(CARDS.declinedOnCharge);
      await expect(under.gateway.charge({ ...other, amountCents: 10_716, idempotencyKey: key })).rejects.toThrow(
        KEY_REUSED,
      );
      expect(await under.gateway.charge({ ...source, amountCents: 10_716, idempotencyKey: key })).toEqual(first);
      if (under.chargesWithKey) expect(await under.chargesWithKey(key)).toBe(1);
    });

    it('a refund key used on one charge is refused on another: no refund is answered that did not happen', async () => {
      const source = await under.sourceOf(CARDS.good);
      const one = approvedOf(
        await under.gateway.charge({ ...source, amountCents: 4_000, idempotencyKey: freshKey('r1') }),
      );
      const two = approvedOf(
        await under.gateway.charge({ ...source, amountCents: 5_000, idempotencyKey: freshKey('r2') }),
      );
      const key = freshKey('refund-reused');
      const reason = 'bought twice';
      expect(
        await under.gateway.refund({ chargeReference: one.reference, amountCents: 4_000, idempotencyKey: key, reason }),
      ).toMatchObject({ refunded: true, amountCents: 4_000 });
      await expect(
        under.gateway.refund({ chargeReference: two.reference, amountCents: 5_000, idempotencyKey: key, reason }),
      ).rejects.toThrow(KEY_REUSED);
      await expect(
        under.gateway.refund({ chargeReference: one.reference, amountCents: 1_000, idempotencyKey: key, reason }),
      ).rejects.toThrow(KEY_REUSED);
      // The second charge is whole.
      const whole = {
        chargeReference: two.reference,
        amountCents: 5_000,
        idempotencyKey: freshKey('r2-whole'),
        reason,
      };
      expect(await under.gateway.refund(whole)).toMatchObject({ refunded: true, amountCents: 5_000 });
    });

    it('refunds in part, then the rest, refuses more than is left, and answers a repeated refund key the same', async () => {
      const source = await under.sourceOf(CARDS.good);
      const charge = approvedOf(
        await under.gateway.charge({ ...source, amountCents: 10_000, idempotencyKey: freshKey('refund') }),
      );
      const partKey = freshKey('refund-part');
      const part = await under.gateway.refund({
        chargeReference: charge.reference,
        amountCents: 3_000,
        idempotencyKey: partKey,
        reason: 'damaged book',
      });
      expect(part).toEqual({ refunded: true, reference: expect.any(String), amountCents: 3_000 });
      expect(
        await under.gateway.refund({
          chargeReference: charge.reference,
          amountCents: 3_000,
          idempotencyKey: partKey,
          reason: 'damaged book',
        }),
      ).toEqual(part);
      const rest = await under.gateway.refund({
        chargeReference: charge.reference,
        amountCents: 7_000,
        idempotencyKey: freshKey('refund-rest'),
        reason: 'cancelled',
      });
      expect(rest).toMatchObject({ refunded: true, amountCents: 7_000 });
      const over = await under.gateway.refund({
        chargeReference: charge.reference,
        amountCents: 1,
        idempotencyKey: freshKey('refund-over'),
        reason: 'again',
      });
      expect(over).toEqual({ refunded: false, errors: ['The refund is more than what is left of the charge.'] });
    });

    it('refunds a whole charge in one go and refuses a refund above the charge', async () => {
      const source = await under.sourceOf(CARDS.good);
      const charge = approvedOf(
        await under.gateway.charge({ ...source, amountCents: 5_000, idempotencyKey: freshKey('refund-full') }),
      );
      const tooMuch = await under.gateway.refund({
        chargeReference: charge.reference,
        amountCents: 5_001,
        idempotencyKey: freshKey('refund-too-much'),
        reason: 'x',
      });
      expect(tooMuch.refunded).toBe(false);
      const whole = await under.gateway.refund({
        chargeReference: charge.reference,
        amountCents: 5_000,
        idempotencyKey: freshKey('refund-whole'),
        reason: 'cancelled',
      });
      expect(whole).toMatchObject({ refunded: true, amountCents: 5_000 });
    });

    it('refunds a whole charge once when five refunds of it (five keys) run at once: the others are refused', async () => {
      const source = await under.sourceOf(CARDS.good);
      const charge = approvedOf(
        await under.gateway.charge({ ...source, amountCents: 3_000, idempotencyKey: freshKey('refund-race') }),
      );
      const all = await Promise.all(
        ['a', 'b', 'c', 'd', 'e'].map((n) =>
          under.gateway.refund({
            chargeReference: charge.reference,
            amountCents: 3_000,
            idempotencyKey: freshKey(`refund-race-${n}`),
            reason: 'cancelled',
          }),
        ),
      );
      expect(all.filter((r) => r.refunded)).toHaveLength(1);
      const refused = { refunded: false, errors: ['The refund is more than what is left of the charge.'] };
      expect(all.filter((r) => !r.refunded)).toEqual([refused, refused, refused, refused]);
    });

    it('settles a key no charge was made with: interrupted, and a late charge with it is refused the same', async () => {
      const key = freshKey('crash-before');
      const settled = await under.restarted().settle(key);
      expect(settled).toEqual({ approved: false, errors: [PAYMENT_INTERRUPTED] });
      const source = await under.sourceOf(CARDS.good);
      expect(await under.gateway.charge({ ...source, amountCents: 4_500, idempotencyKey: key })).toEqual(settled);
      if (under.chargesWithKey) expect(await under.chargesWithKey(key)).toBe(0);
    });

    it("settles a key a charge was made with, after a restart: that charge's answer", async () => {
      const key = freshKey('crash-after');
      const source = await under.sourceOf(CARDS.good);
      const charged = approvedOf(await under.gateway.charge({ ...source, amountCents: 4_500, idempotencyKey: key }));
      expect(await under.restarted().settle(key)).toEqual(charged);
    });

    it('charges once for 30 presses of one key at once on two nodes, and every press gets that charge', async () => {
      const key = freshKey('presses');
      const source = await under.sourceOf(CARDS.good);
      const answers: ChargeResult[] = [];
      // Two instances on one storage: two API nodes taking presses of the same key.
      const nodes = [under.gateway, under.restarted()];
      const { statuses } = await fireAtOnce(30, async (n) => {
        try {
          answers.push(
            await (nodes[n % 2] as PaymentGateway).charge({ ...source, amountCents: 4_500, idempotencyKey: key }),
          );
          return { status: 200 };
        } catch {
          return { status: 500 };
        }
      });
      expect(unexpectedStatuses(statuses, [200])).toEqual({});
      const references = new Set(answers.map((a) => approvedOf(a).reference));
      expect(references.size).toBe(1);
      if (under.chargesWithKey) expect(await under.chargesWithKey(key)).toBe(1);
    });

    if (options.noAuthentication !== undefined) {
      it.skip(`3-D Secure (${options.noAuthentication})`, () => undefined);
    } else {
      it('asks for 3-D Secure on 4000002760003184 (nothing charged yet); finished, settle answers the charge', async () => {
        const key = freshKey('3ds');
        const source = await under.sourceOf(CARDS.authenticate);
        const asked = await under.gateway.charge({ ...source, amountCents: 6_000, idempotencyKey: key });
        expect(asked.approved).toBe(false);
        const action = (asked as ChargeDeclined).action;
        expect(action).toEqual({
          type: 'authenticate',
          reference: expect.any(String),
          clientSecret: expect.any(String),
        });
        if (!action || !options.authenticate) throw new Error('no way to authenticate');
        await options.authenticate(action);
        expect(await under.gateway.settle(key)).toMatchObject({
          approved: true,
          reference: action.reference,
          last4: '3184',
        });
      });

      it('cancels a 3-D Secure step nobody finished when the key is settled: interrupted, nothing charged', async () => {
        const key = freshKey('3ds-abandoned');
        const source = await under.sourceOf(CARDS.authenticate);
        const asked = await under.gateway.charge({ ...source, amountCents: 6_000, idempotencyKey: key });
        expect((asked as ChargeDeclined).action).toBeDefined();
        expect(await under.restarted().settle(key)).toEqual({ approved: false, errors: [PAYMENT_INTERRUPTED] });
        expect(await under.gateway.settle(key)).toEqual({ approved: false, errors: [PAYMENT_INTERRUPTED] });
        if (under.chargesWithKey) expect(await under.chargesWithKey(key)).toBe(0);
      });
    }
  });
}
