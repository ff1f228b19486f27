import type { BillingAddress, CardOnFile } from './cart.js';
import type { Specialty, Status, Suffix } from './identity.js';

/**
 * The account page's calls (signed-in sections 2, 3 and 7): the profile, shipping and billing tabs
 * and the auto-renew box. Field names are the spec's: the profile in lower case, the addresses in
 * upper case as at checkout.
 */

/** An address of the shipping or billing tab; ADDRESS2 empty when not given. */
export type AccountAddress = Required<BillingAddress>;

/** GET /api/account: what the profile, shipping and billing tabs show. */
export interface AccountUser {
  firstname: string;
  lastname: string;
  suffix: string | null;
  specialty: string;
  status: string | null;
  phone: string | null;
  email: string;
  autorenew: 0 | 1;
  /** null until an address is saved (or given at registration). */
  custshiptoaddress: AccountAddress | null;
  custbilltoaddress: AccountAddress | null;
}

/** PUT /api/account/profile ("set profile"). */
export interface ProfileRequest {
  firstname: string;
  lastname: string;
  suffix?: Suffix | '' | null;
  specialty: Specialty;
  status?: Status | '' | null;
  phone?: string | null;
  email: string;
  /** A new password (8 characters at least); empty or absent keeps the current one. */
  password?: string | null;
  autorenew?: 0 | 1;
}

/** PUT /api/account/shipping and PUT /api/account/billing. */
export type AddressRequest = BillingAddress;

/** PUT /api/account/auto-renew. */
export interface AutoRenewRequest {
  autorenew: 0 | 1;
}

/** Every account save answers the message of signed-in section 8 and the account as it now is. */
export interface AccountSaved {
  success: 1;
  message: string;
  data: AccountUser;
}

export const ACCOUNT_SAVED = 'You have successfully saved your info.';

/** The card of the Card tab as typed (signed-in section 3 "Card"): sent to the gateway, never stored. */
export interface CardEntry {
  /** The card number, at most 16 characters. */
  CC: string;
  /** 01-12. */
  MONTH: string;
  /** 2025-2035. */
  YEAR: string;
  /** The security code, at most 4 characters. */
  SC: string;
}

/** PUT /api/account/card ("set card", "object holding pay"): replaces the card on file by the gateway's token. */
export interface CardRequest {
  pay: CardEntry;
}

/**
 * The answer of a replaced card: the card on file as it now is (brand, last four, expiry). A card the
 * gateway declines answers 402 with the error body plus ERROR, the gateway's text, which the tab shows
 * as "Error: {ERROR} Enter your card info and try again.".
 */
export interface CardSaved {
  success: 1;
  message: string;
  data: CardOnFile;
}

export interface CardDeclined {
  statusCode: 402;
  error: string;
  message: string[];
  ERROR: string;
}

/** GET /api/account/cme (roles cme or cmePrint): the date of birth, decrypted for its owner only. */
export interface CmeInfo {
  /** MM/DD/YYYY, or null when none was recorded (at checkout or on this tab). */
  DOB: string | null;
}

/** PUT /api/account/cme ("set CME info"): recorded encrypted, as at checkout. */
export interface CmeInfoRequest {
  DOB: string;
}

export interface CmeInfoSaved {
  success: 1;
  message: string;
  data: CmeInfo;
}

/** The card tab's decline message (signed-in section 8). */
export const cardDeclinedMessage = (serverError: string): string =>
  `Error: ${serverError} Enter your card info and try again.`;
