/**
 * The streams of the synthetic year (test/bench/year/generate-year.ts), each decided by the project's own
 * deciders (libs/domain/*) from commands, folded as `decideAndAppend` folds them, and enveloped as it
 * envelopes them: an event is only ever what a decider answered to a command. Pure but for the seeded
 * random numbers it is handed; no I/O.
 */
import { createHash } from 'node:crypto';
import { cmePrintedOf } from '#libs/domain/cme/cme.certificate.js';
import type { CmePrintFacts } from '#libs/domain/cme/cme.commands.js';
import { cmeStreamId } from '#libs/domain/cme/cme.events.js';
import type { CmeState } from '#libs/domain/cme/cme.state.js';
import { customerDecider } from '#libs/domain/customer/customer.decider.js';
import { customerStreamId, newProfile } from '#libs/domain/customer/customer.events.js';
import { type Entitlements, entitlementsDecider } from '#libs/domain/entitlements/entitlements.decider.js';
import { grantsForPaidOrder, latestExpiries } from '#libs/domain/entitlements/grants-for-order.js';
import type { OrderLineInput, PlaceOrder } from '#libs/domain/order/order.commands.js';
import { orderDecider } from '#libs/domain/order/order.decider.js';
import { type OrderContact, type OrderPaid, orderStreamId } from '#libs/domain/order/order.events.js';
import { priceOrder } from '#libs/domain/pricing/order-totals.js';
import { viewingDecider, viewingStreamId } from '#libs/domain/streaming/viewing.js';
import type { NewEvent } from '#libs/eventstore/event-store.port.js';
import { type DecidedStream, type Random, type Timed, decideAll } from './decide-all.js';
import { cmeDecider } from '#apps/api/cme/cme-hash.js';

/** What the year is written about: the catalog as the shop imported it (year-facts.ts). */
export interface YearCatalog {
  /** Streaming titles: product, video, seconds. */
  videos: { productId: number; videoId: number; seconds: number }[];
  /** Products bought one by one (STREAMING), at their price. */
  streamingProducts: { id: number; name: string; price: number }[];
  /** The yearly subscriptions (qmpcomplete, STREAMING_ALL) at their one-year price, with their plan type. */
  subscriptions: { id: number; name: string; type: string; price: number; planType: 1 | 2 }[];
  /** CME activities with their answer key and credits, as the test page resolves them. */
  activities: {
    productId: number;
    name: string;
    testType: 'module' | 'streaming';
    key: number[];
    credits: number;
    safety: boolean;
  }[];
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
/** A hash of the kind the identity module stores (never checked: these subscribers do not sign in). */
const PASSWORD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$eWVhcmJlbmNoc2FsdA$0123456789abcdefghijklmnopqrstuvwxyzABCDE';
const SPECIALTIES = ['Plastic Surgery', 'Facial Plastic Surgery', 'Otolaryngology', 'Dermatology', 'Oculoplastics'];
const STATES = ['MO', 'IL', 'CA', 'NY', 'TX', 'FL', 'WA'];

/** A subscriber: registered through the form, validated through the mailed link a little later. */
export function subscriberStream(customerId: string, n: number, registeredAt: Date, random: Random): DecidedStream {
  const email = `year-${n}@bench.test`;
  const tokenHash = sha256(`token-${n}`);
  const at = registeredAt.toISOString();
  const validatedAt = new Date(registeredAt.getTime() + (5 + random.int(600)) * 60_000).toISOString();
  const profile = newProfile({
    firstname: `Year`,
    lastname: `Subscriber ${n}`,
    specialty: random.pick(SPECIALTIES),
    address: `${n} Bench Street`,
    city: 'Springfield',
    state: random.pick(STATES),
    zip: '65801',
    country: 'US',
    autorenew: random.next() < 0.7,
  });
  const { events } = decideAll(
    customerDecider,
    [
      {
        at,
        command: {
          type: 'RegisterCustomer',
          customerId,
          email,
          profile,
          passwordHash: PASSWORD_HASH,
          agreedToTerms: true,
          registeredVia: 'form',
          validationToken: { tokenHash, expiresAt: new Date(registeredAt.getTime() + 7 * 86_400_000).toISOString() },
          validatedVia: null,
          now: at,
        },
      },
      { at: validatedAt, command: { type: 'ValidateEmail', email, tokenHash, now: validatedAt } },
    ],
    customerId,
    random,
  );
  return { streamId: customerStreamId(customerId), events };
}

const contactOf = (n: number, state: string): OrderContact => ({
  FIRSTNAME: 'Year',
  LASTNAME: `Subscriber ${n}`,
  company: null,
  PHONE: '555-0100',
  EMAIL: `year-${n}@bench.test`,
  ADDRESS: `${n} Bench Street`,
  ADDRESS2: null,
  CITY: 'Springfield',
  STATE: state,
  ZIP: '65801',
  COUNTRY: 'USA',
});

export interface PaidOrder {
  order: DecidedStream;
  paid: OrderPaid['data'];
}

/**
 * An order of `lines` placed and paid with the sandbox's card a minute later (its total priced as the
 * decider prices it, so the client total is the right one), refunded in full `refundAfterDays` later when set.
 */
export function paidOrderStream(
  onum: number,
  customerId: string,
  n: number,
  lines: OrderLineInput[],
  placedAt: Date,
  random: Random,
  refundAfterDays: number | null,
): PaidOrder {
  const state = random.pick(STATES);
  const place: Omit<PlaceOrder, 'clientTotal'> = {
    type: 'PlaceOrder',
    onum,
    customerId,
    cartId: null,
    contact: contactOf(n, state),
    billing: null,
    CATEGORY: 'Practicing Physician',
    lines,
    coupon: null,
    shippingRate: null,
    shippingOption: 1,
    shipState: state,
    roles: [],
    today: placedAt.toISOString().slice(0, 10),
    now: placedAt.toISOString(),
  };
  const { TOTAL } = priceOrder({ ...place, coupon: null, couponTypes: [] });
  const paidAt = new Date(placedAt.getTime() + 60_000).toISOString();
  const commands: Timed<Parameters<typeof orderDecider.decide>[0]>[] = [
    { at: place.now, command: { ...place, clientTotal: TOTAL } },
    {
      at: paidAt,
      command: {
        type: 'PayOrder',
        onum,
        idempotencyKey: random.uuid(),
        gateway: { outcome: 'approved', reference: `sandbox_${onum}`, brand: 'visa', last4: '4242' },
        now: paidAt,
      },
    },
  ];
  if (refundAfterDays !== null) {
    const refundedAt = new Date(placedAt.getTime() + refundAfterDays * 86_400_000).toISOString();
    commands.push({
      at: refundedAt,
      command: {
        type: 'RefundOrder',
        onum,
        amountCents: TOTAL,
        idempotencyKey: random.uuid(),
        reason: 'Asked by the customer',
        by: 'operator',
        refundReference: `sandbox_refund_${onum}`,
        now: refundedAt,
      },
    });
  }
  const { events } = decideAll(orderDecider, commands, customerId, random);
  const paid = events.find((e) => e.type === 'OrderPaid')!.data as OrderPaid['data'];
  return { order: { streamId: orderStreamId(onum), events }, paid };
}

/** The grants of each paid order (grantsForPaidOrder, as the OrderPaid process manager grants), and the revokes of refunded ones. */
export function entitlementEvents(
  customerId: string,
  orders: readonly { paid: OrderPaid['data']; refundedAt: string | null }[],
  random: Random,
  state: Entitlements = entitlementsDecider.initialState,
): { events: NewEvent[]; state: Entitlements } {
  const events: NewEvent[] = [];
  for (const { paid, refundedAt } of orders) {
    const grants = grantsForPaidOrder(paid, latestExpiries(state.subscriptions), paid.paidAt.slice(0, 10));
    const granted = decideAll(
      entitlementsDecider,
      grants.map((command) => ({ command, at: paid.paidAt })),
      customerId,
      random,
      state,
    );
    events.push(...granted.events);
    state = granted.state;
    if (refundedAt !== null) {
      const source = `order:${paid.onum}`;
      const revoked = decideAll(
        entitlementsDecider,
        [{ at: refundedAt, command: { type: 'RevokeSource', customerId, source, reason: 'refund', now: refundedAt } }],
        customerId,
        random,
        state,
      );
      events.push(...revoked.events);
      state = revoked.state;
    }
  }
  return { events, state };
}

/**
 * One viewing of a video: the first play, then a heartbeat for every 60 s played (the last one shorter),
 * each reporting the interval it played, the server having served it; LongViewReached past 600 s.
 */
export function viewingStream(
  customerId: string,
  video: YearCatalog['videos'][number],
  planType: 0 | 1 | 2,
  startedAt: Date,
  playedSeconds: number,
  random: Random,
): DecidedStream {
  const viewingId = random.uuid();
  const start = random.int(Math.max(1, video.seconds - playedSeconds));
  const end = Math.min(video.seconds, start + playedSeconds);
  const commands: Timed<Parameters<typeof viewingDecider.decide>[0]>[] = [
    {
      at: startedAt.toISOString(),
      command: {
        type: 'StartViewing',
        viewingId,
        customerId,
        productId: video.productId,
        videoId: video.videoId,
        planType,
        now: startedAt.toISOString(),
      },
    },
  ];
  for (let from = start, beat = 1; from < end; from += 60, beat++) {
    const to = Math.min(end, from + 60);
    const now = new Date(startedAt.getTime() + (beat * 60 + 1) * 1000).toISOString();
    commands.push({
      at: now,
      command: {
        type: 'ReportWatched',
        customerId,
        intervals: [[from, to]],
        position: to,
        served: [[start, Math.min(video.seconds, to + 30)]],
        durationSeconds: video.seconds,
        now,
      },
    });
  }
  const { events } = decideAll(viewingDecider, commands, customerId, random);
  return { streamId: viewingStreamId(viewingId), events };
}

/** The provider's statements of the certificates (the shop's defaults are not read: these are the year's own). */
const PROVIDER: CmePrintFacts['provider'] = {
  name: 'Year Bench CME Provider',
  accreditationStatement:
    'The {provider} is accredited by the ACCME to provide continuing medical education for physicians.',
  designationStatement: 'The {provider} designates this enduring material for a maximum of {credits}.',
  creditName: { one: 'AMA PRA Category 1 Credit™', other: 'AMA PRA Category 1 Credits™' },
};

/**
 * A CME year: `tests` activities submitted (most answers right) a few days apart from `firstAt`, each
 * chained to the one before by the decider, then a certificate of the year's credits when there are any.
 */
export function cmeYearStream(
  customerId: string,
  n: number,
  year: number,
  firstAt: Date,
  until: Date,
  tests: number,
  catalog: YearCatalog,
  random: Random,
): DecidedStream {
  const chosen = [...catalog.activities].sort(() => random.next() - 0.5).slice(0, tests);
  let at = firstAt.getTime();
  const submits = chosen.map((activity) => {
    at += (1 + random.int(10)) * 86_400_000;
    const now = new Date(Math.min(at, until.getTime())).toISOString();
    return {
      at: now,
      command: {
        type: 'SubmitCmeTest' as const,
        customerId,
        year,
        newRecordId: random.uuid(),
        testType: activity.testType,
        productId: activity.productId,
        productName: activity.name,
        productCredits: activity.credits,
        safety: activity.safety,
        answers: activity.key.map((k) => (random.next() < 0.85 ? k : (k + 1) % 4)),
        key: activity.key,
        lastLongViewAt: null,
        retakeByViewing: false,
        now,
      },
    };
  });
  const submitted = decideAll(cmeDecider, submits, customerId, random);
  const events = [...submitted.events];
  const state: CmeState = submitted.state;
  if (state.total > 0) {
    const issuedAt = new Date(Math.min(at + 86_400_000, until.getTime())).toISOString();
    const facts: CmePrintFacts = {
      name: `Year Subscriber ${n}, MD`,
      provider: PROVIDER,
      licence: null,
      maxCredits: Object.fromEntries(chosen.map((a) => [a.productId, a.credits])),
    };
    const number = `${year}-Y${String(n).padStart(7, '0')}`;
    const printed = cmePrintedOf(state, facts);
    const issued = decideAll(
      cmeDecider,
      [
        {
          at: issuedAt,
          command: {
            type: 'IssueCmeCertificate',
            customerId,
            year,
            number,
            accreditorInfoRecorded: true,
            now: issuedAt,
            facts,
            printed,
            verifyUrl: `https://shop.bench.test/cme/verify/${number}`,
            pdfSha256: sha256(`certificate ${number}`),
            credential: `year-bench.unsigned.${number}`,
            supersedes: null,
          },
        },
      ],
      customerId,
      random,
      state,
    );
    events.push(...issued.events);
  }
  return { streamId: cmeStreamId(customerId, year), events };
}

export type { OrderLineInput };
