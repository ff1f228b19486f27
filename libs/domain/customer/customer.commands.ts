import type { ProfileFields } from '#libs/contracts/account.js';
import type { SubscriptionType } from '../entitlements/entitlements.events.js';
import type { CustomerProfile, PostalAddress } from './customer.events.js';

/**
 * Commands of the customer decider. Everything impure (hashing, random tokens, the clock) is done
 * by the caller and handed in, so `decide` stays a pure function.
 */
export interface RegisterCustomer {
  type: 'RegisterCustomer';
  customerId: string;
  email: string;
  profile: CustomerProfile;
  passwordHash: string | null;
  agreedToTerms: boolean;
  registeredVia: string;
  /** Issue a validation link with this token hash; absent for an account validated at once. */
  validationToken: { tokenHash: string; expiresAt: string } | null;
  /** A society sign-in registers the account already validated. */
  validatedVia: 'society' | null;
  now: string;
}

export interface ResendValidation {
  type: 'ResendValidation';
  tokenHash: string;
  expiresAt: string;
  now: string;
}

export interface ValidateEmail {
  type: 'ValidateEmail';
  email: string;
  tokenHash: string;
  now: string;
}

export interface RequestPasswordReset {
  type: 'RequestPasswordReset';
  tokenHash: string;
  expiresAt: string;
  now: string;
}

export interface SetNewPassword {
  type: 'SetNewPassword';
  tokenHash: string;
  passwordHash: string;
  now: string;
}

export interface StartSession {
  type: 'StartSession';
  sessionId: string;
  /** The caller checked the password (or the society token) before asking. */
  via: 'password' | 'society';
  now: string;
}

export interface EndSession {
  type: 'EndSession';
  sessionId: string;
  now: string;
}

/**
 * The date of birth given at checkout or on the CME info tab (signed-in section 5), already encrypted
 * by the caller; the tab also sends its licence fields (the PARS export's learner identifiers).
 */
export interface RecordDateOfBirth {
  type: 'RecordDateOfBirth';
  /** AES-256-GCM ciphertext (libs/crypto): the plain date never reaches an event. */
  dobEncrypted: string;
  /**
   * The CME info tab's licence fields, encrypted together (libs/crypto/cme-licence.ts); null: none
   * given (cleared); absent (checkout): the licence on record is left as it is.
   */
  licenceEncrypted?: string | null;
  now: string;
}

/** The profile tab (signed-in section 2); the handler trims, lower-cases the email and hashes a new password. */
export interface ChangeProfile extends ProfileFields {
  type: 'ChangeProfile';
  email: string;
  /**
   * The email the caller read the account with (and moved the email reservation from): refused when
   * the stream's email is no longer it, so a save decided again after another save changed the email
   * cannot undo that change behind the reservation's back.
   */
  expectedEmail: string;
  /** argon2id hash of a new password; null when none was given or it is the current one. */
  passwordHash: string | null;
  /**
   * The caller checked the current password typed with the save (argon2id, throttled): a new email
   * or a new password is refused without it, so a session token alone changes neither.
   */
  currentPasswordVerified: boolean;
  /** The links a new email would be mailed with (hashes of fresh tokens); used only when the email changes. */
  emailChange: EmailChangeTokens;
  /** The auto-renew box when the form sent it; null leaves it as it is. */
  autorenew: boolean | null;
  /** The session saving the form: a password change ends every other session and keeps this one. */
  sessionId: string;
  now: string;
}

/** Hashes of the two one-time tokens of an email change and how long each link works. */
export interface EmailChangeTokens {
  confirmTokenHash: string;
  expiresAt: string;
  undoTokenHash: string;
  undoExpiresAt: string;
}

/** The link mailed to the new address was followed. */
export interface ConfirmEmailChange {
  type: 'ConfirmEmailChange';
  tokenHash: string;
  /** The email the caller moved the reservation from (as ChangeProfile's). */
  expectedEmail: string;
  now: string;
}

/** The undo link mailed to the old address was followed. */
export interface UndoEmailChange {
  type: 'UndoEmailChange';
  tokenHash: string;
  /** The email the caller read the account with (and, for a confirmed change, moved the reservation from). */
  expectedEmail: string;
  now: string;
}

export interface ChangeShippingAddress {
  type: 'ChangeShippingAddress';
  address: PostalAddress;
  now: string;
}

export interface ChangeBillingAddress {
  type: 'ChangeBillingAddress';
  address: PostalAddress;
  now: string;
}

export interface ChangeAutoRenew {
  type: 'ChangeAutoRenew';
  autorenew: boolean;
  now: string;
}

/** One subscription's auto-renew, as its customer chose it. */
export interface SubscriptionAutoRenewChoice {
  subscriptionType: SubscriptionType;
  autorenew: boolean;
}

/**
 * Auto-renew set for single subscriptions: the Subscriptions tab's switch (`via` account), or the pay
 * screen's box of each subscription the paid order bought (`via` checkout, with its order number).
 */
export interface ChangeSubscriptionAutoRenew {
  type: 'ChangeSubscriptionAutoRenew';
  choices: SubscriptionAutoRenewChoice[];
  via: 'account' | 'checkout';
  onum: number | null;
  now: string;
}

export type AccountCommand =
  ChangeProfile | ChangeShippingAddress | ChangeBillingAddress | ChangeAutoRenew | ChangeSubscriptionAutoRenew;

export type CustomerCommand =
  | RegisterCustomer
  | AccountCommand
  | ConfirmEmailChange
  | UndoEmailChange
  | RecordDateOfBirth
  | ResendValidation
  | ValidateEmail
  | RequestPasswordReset
  | SetNewPassword
  | StartSession
  | EndSession;
