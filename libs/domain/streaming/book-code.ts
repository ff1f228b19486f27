import { type Decider, DomainError, type DomainEvent } from '../kernel/decider.js';
import { type StreamingErrorCode, StreamingErrors } from './streaming.errors.js';

/**
 * A book activation code, stream `bookcode-{CODE}` (signed-in "Book redeem", storefront redeem-info):
 * a code is redeemed once, ever, by one customer (the same customer's retry appends nothing). Two customers racing the same code both decide on an
 * empty stream; the append of the second fails its expected revision, it decides again on the first
 * one's CodeRedeemed and is refused with code_used.
 */
export type CodeRedeemed = DomainEvent<
  'CodeRedeemed',
  { code: string; customerId: string; productId: number; redeemedAt: string }
>;
export type BookCodeEvent = CodeRedeemed;

export const BOOK_CODE_EVENT_TYPES = ['CodeRedeemed'] as const satisfies readonly BookCodeEvent['type'][];

/** BOOK-XXXX-XXXX (book-codes.csv) with its dashes and spaces left out: BOOK and two groups of four. */
const BOOK_CODE_PARTS = /^BOOK([A-Z0-9]{4})([A-Z0-9]{4})$/;

/**
 * Codes are stored upper-case (book-codes.csv: BOOK-XXXX-XXXX); what a person types is normalised first:
 * trimmed and upper-cased, and a code of that shape written with spaces, other dashes or none
 * ("book aegb bnzb", "BOOKAEGBBNZB", "BOOK–AEGB–BNZB") is written as the card prints it.
 */
export function normalizeCode(code: string): string {
  const upper = code.trim().toUpperCase();
  const parts = BOOK_CODE_PARTS.exec(upper.replace(/[\s\-\u2010-\u2015_.]/g, ''));
  return parts ? `BOOK-${parts[1]}-${parts[2]}` : upper;
}

export const bookCodeStreamId = (code: string): string => `bookcode-${normalizeCode(code)}`;

export interface RedeemCode {
  type: 'RedeemCode';
  code: string;
  customerId: string;
  /** The book the code opens (catalog book-codes.csv), null for a code the catalog does not know. */
  productId: number | null;
  now: string;
}

export interface BookCode {
  redeemed: CodeRedeemed['data'] | null;
}

export const initialBookCode: BookCode = { redeemed: null };

const fail = (code: StreamingErrorCode): never => {
  throw new DomainError(code, StreamingErrors[code]);
};

export function decide(command: RedeemCode, state: BookCode): BookCodeEvent[] {
  const code = normalizeCode(command.code);
  if (code === '') fail('code_required');
  if (command.productId === null) fail('code_unknown');
  if (state.redeemed) {
    // Once, ever: another customer is refused; the same customer's retry (a lost answer) changes nothing.
    if (state.redeemed.customerId === command.customerId) return [];
    fail('code_used');
  }
  return [
    {
      type: 'CodeRedeemed',
      data: { code, customerId: command.customerId, productId: command.productId as number, redeemedAt: command.now },
    },
  ];
}

export function evolve(state: BookCode, event: BookCodeEvent): BookCode {
  return event.type === 'CodeRedeemed' ? { redeemed: event.data } : state;
}

export const bookCodeDecider: Decider<RedeemCode, BookCode, BookCodeEvent> = {
  initialState: initialBookCode,
  decide,
  evolve,
};
