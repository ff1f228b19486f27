import type { BillingAddress } from './cart.js';
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
