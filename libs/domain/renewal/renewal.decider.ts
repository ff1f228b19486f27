import type { SubscriptionType } from '../entitlements/entitlements.events.js';
import { type Decider, DomainError } from '../kernel/decider.js';
import type { RenewalEvent } from './renewal.events.js';

/** Starts the renewal of one subscription for one period (its expiry); a second start appends nothing. */
export interface StartRenewal {
  type: 'StartRenewal';
  customerId: string;
  subscriptionType: SubscriptionType;
  period: string;
  onum: number;
  productId: number;
  idempotencyKey: string;
  now: string;
}

/** Records how the started renewal ended: its order paid, or the reasons it did not. */
export interface RecordRenewalOutcome {
  type: 'RecordRenewalOutcome';
  outcome: { paid: true } | { paid: false; errors: string[] };
  now: string;
}

/** Ends a started renewal before any charge: it is no longer wanted (`reason`, from renewalNoLongerWanted). */
export interface CancelRenewal {
  type: 'CancelRenewal';
  reason: string;
  now: string;
}

export type RenewalCommand = StartRenewal | RecordRenewalOutcome | CancelRenewal;

export interface Renewal {
  status: 'none' | 'started' | 'succeeded' | 'failed' | 'cancelled';
  customerId: string | null;
  subscriptionType: SubscriptionType | null;
  period: string | null;
  onum: number | null;
  productId: number | null;
  idempotencyKey: string | null;
  errors: string[];
}

export const initialRenewal: Renewal = {
  status: 'none',
  customerId: null,
  subscriptionType: null,
  period: null,
  onum: null,
  productId: null,
  idempotencyKey: null,
  errors: [],
};

/** The text recorded when a gateway declines without one. */
export const RENEWAL_DECLINED_WITHOUT_TEXT = 'The card was declined.';

const NOT_STARTED = new DomainError('renewal_not_started', 'This renewal was never started.');

/** An outcome asked of a renewal that is not running: none once it ended (the first outcome stands). */
function alreadyEnded(renewal: Renewal): RenewalEvent[] {
  if (renewal.status === 'none') throw NOT_STARTED;
  return [];
}

/** The started renewal's customer, subscription, period and order. */
function started(renewal: Renewal) {
  const { customerId, subscriptionType, period, onum } = renewal;
  if (customerId === null || subscriptionType === null || period === null || onum === null) throw NOT_STARTED;
  return { customerId, subscriptionType, period, onum };
}

export function decide(command: RenewalCommand, renewal: Renewal): RenewalEvent[] {
  switch (command.type) {
    case 'StartRenewal': {
      if (renewal.status !== 'none') return []; // one renewal per subscription and period
      const { customerId, subscriptionType, period, onum, productId, idempotencyKey, now } = command;
      return [
        {
          type: 'RenewalStarted',
          data: { customerId, subscriptionType, period, onum, productId, idempotencyKey, startedAt: now },
        },
      ];
    }
    case 'CancelRenewal': {
      if (renewal.status !== 'started') return alreadyEnded(renewal);
      const data = { ...started(renewal), reason: command.reason, cancelledAt: command.now };
      return [{ type: 'RenewalCancelled', data }];
    }
    case 'RecordRenewalOutcome': {
      if (renewal.status !== 'started') return alreadyEnded(renewal);
      const base = started(renewal);
      if (command.outcome.paid) return [{ type: 'RenewalSucceeded', data: { ...base, renewedAt: command.now } }];
      const errors = command.outcome.errors.filter((e) => e.trim() !== '');
      return [
        {
          type: 'RenewalFailed',
          data: {
            ...base,
            errors: errors.length > 0 ? errors : [RENEWAL_DECLINED_WITHOUT_TEXT],
            failedAt: command.now,
          },
        },
      ];
    }
  }
}

export function evolve(renewal: Renewal, event: RenewalEvent): Renewal {
  switch (event.type) {
    case 'RenewalStarted': {
      const { customerId, subscriptionType, period, onum, productId, idempotencyKey } = event.data;
      return { ...renewal, status: 'started', customerId, subscriptionType, period, onum, productId, idempotencyKey };
    }
    case 'RenewalSucceeded':
      return { ...renewal, status: 'succeeded' };
    case 'RenewalFailed':
      return { ...renewal, status: 'failed', errors: event.data.errors };
    case 'RenewalCancelled':
      return { ...renewal, status: 'cancelled', errors: [event.data.reason] };
    default:
      return renewal;
  }
}

export const renewalDecider: Decider<RenewalCommand, Renewal, RenewalEvent> = {
  initialState: initialRenewal,
  decide,
  evolve,
};
