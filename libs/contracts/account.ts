import type { BillingAddress, CardOnFile } from './cart.js';
import type { Specialty, Status, Suffix } from './identity.js';

/**
 * The account page's calls (signed-in sections 2, 3 and 7): the profile, shipping and billing tabs
 * and the auto-renew box. Field names are the spec's: the profile in lower case, the addresses in
 * upper case as at checkout.
 */

/**
 * The customer's profile as the shop keeps and shows it (signed-in section 2, the profile tab; the
 * same fields as registration's, storefront section 3): the one declaration the account and
 * registration DTO rules, the customer decider's commands, events and state, and the customers read
 * model derive from. A field left empty is null. The email is kept apart: it is the account's key
 * (one account per email) and changes under its own rules.
 */
export interface ProfileFields {
  firstname: string;
  lastname: string;
  suffix: string | null;
  specialty: string;
  status: string | null;
  phone: string | null;
}

/** Every profile field once (the annotation makes the compiler refuse a missing or an unknown one). */
const profileFieldSet: Record<keyof ProfileFields, true> = {
  firstname: true,
  lastname: true,
  suffix: true,
  specialty: true,
  status: true,
  phone: true,
};

/** The profile's field names, in the profile tab's order (read-model columns carry the same names). */
export const PROFILE_FIELDS = Object.keys(profileFieldSet) as readonly (keyof ProfileFields)[];

/** An address of the shipping or billing tab; ADDRESS2 empty when not given. */
export type AccountAddress = Required<BillingAddress>;

/** GET /api/account: what the profile, shipping and billing tabs show. */
export interface AccountUser extends ProfileFields {
  /** The address the account logs in and is mailed with. */
  email: string;
  /** A new address asked for and not yet confirmed through the link mailed to it; null when none. */
  pendingEmail: string | null;
  autorenew: 0 | 1;
  /** null until an address is saved (or given at registration). */
  custshiptoaddress: AccountAddress | null;
  custbilltoaddress: AccountAddress | null;
}

/** PUT /api/account/profile ("set profile"): the profile fields as typed (empty for none), the email, a password. */
export interface ProfileRequest extends Pick<ProfileFields, 'firstname' | 'lastname'> {
  suffix?: Suffix | '' | null;
  specialty: Specialty;
  status?: Status | '' | null;
  phone?: string | null;
  email: string;
  /** A new password (8 characters at least); empty or absent keeps the current one. */
  password?: string | null;
  /**
   * The current password: required when the email changes or a new password is given (a session
   * token alone changes neither); ignored otherwise, but refused when typed wrong.
   */
  currentPassword?: string | null;
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

/** POST /api/users/confirm-email and /api/users/undo-email-change: the link's tolken and account id. */
export interface EmailChangeLinkRequest {
  ID: string;
  TOKEN: string;
}

/** The answers of the two links of an email change. */
export const EMAIL_CHANGE_CONFIRMED = 'Your new email address is confirmed. Please use it to login from now on.';
export const EMAIL_CHANGE_UNDONE =
  'The change of your email address was undone and every session was ended. Please login with your old address; if you did not ask for the change, choose a new password.';

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
  /** The card typed into the shop's own fields (the sandbox). */
  pay?: CardEntry;
  /** With the Stripe gateway: the payment method Stripe.js made (`pm_...`); the card never reaches the shop. */
  PAYMENTMETHOD?: string | null;
}

/**
 * The answer of a replaced card: the card on file as it now is (brand, last four, expiry). A card the
 * gateway declines answers 402 with the error body (ErrorBody, libs/contracts/errors.ts) whose ERROR
 * is the gateway's text, which the tab shows as "Error: {ERROR} Enter your card info and try again.".
 */
export interface CardSaved {
  success: 1;
  message: string;
  data: CardOnFile;
}

/**
 * GET /api/account/cme (roles cme or cmePrint): the date of birth and the optional licence fields the
 * accreditor's PARS file identifies a physician by, decrypted for their owner only.
 */
export interface CmeInfo {
  /** MM/DD/YYYY, or null when none was recorded (at checkout or on this tab). */
  DOB: string | null;
  /** Two-letter USPS code of the state of the medical licence, or null. */
  LICENSESTATE: string | null;
  /** The state medical licence number (or NPI), or null. */
  LICENSENUMBER: string | null;
  /** The physician's id at their ABMS certifying board, or null. */
  BOARDID: string | null;
}

/**
 * PUT /api/account/cme ("set CME info"): recorded encrypted, as at checkout. The licence fields are
 * recorded together: a body with any of them records all three (one left out or empty: none); a body
 * with none of them leaves the licence on record as it is.
 */
export interface CmeInfoRequest {
  DOB: string;
  LICENSESTATE?: string | null;
  LICENSENUMBER?: string | null;
  BOARDID?: string | null;
}

/** The licence fields of the CME info tab (CmeInfo). */
export const CME_LICENCE_FIELDS = ['LICENSESTATE', 'LICENSENUMBER', 'BOARDID'] as const;

/** The USPS codes of the states, DC and the territories whose boards license physicians. */
// prettier-ignore
export const LICENSE_STATES = [
  'AK', 'AL', 'AR', 'AS', 'AZ', 'CA', 'CO', 'CT', 'DC', 'DE', 'FL', 'GA', 'GU', 'HI', 'IA', 'ID', 'IL', 'IN',
  'KS', 'KY', 'LA', 'MA', 'MD', 'ME', 'MI', 'MN', 'MO', 'MP', 'MS', 'MT', 'NC', 'ND', 'NE', 'NH', 'NJ', 'NM',
  'NV', 'NY', 'OH', 'OK', 'OR', 'PA', 'PR', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VA', 'VI', 'VT', 'WA', 'WI',
  'WV', 'WY',
] as const;
/** A licence number or board id: 1 to 30 letters, digits, spaces, dots or dashes, starting with a letter or digit. */
export const LICENSE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 .-]{0,29}$/;
export const LICENSE_STATE_MESSAGE = 'License State must be the two-letter code of a US state (e.g. NY).';
export const LICENSE_NUMBER_MESSAGE = 'License Number must be 1 to 30 letters, digits, spaces, dots or dashes.';
export const LICENSE_PAIR_MESSAGE = 'License State and License Number go together: give both, or neither.';
export const BOARD_ID_MESSAGE = 'ABMS Board ID must be 1 to 30 letters, digits, spaces, dots or dashes.';

export interface CmeInfoSaved {
  success: 1;
  message: string;
  data: CmeInfo;
}

/** The card tab's decline message (signed-in section 8). */
export const cardDeclinedMessage = (serverError: string): string =>
  `Error: ${serverError} Enter your card info and try again.`;
