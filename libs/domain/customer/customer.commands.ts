import type { CustomerProfile } from './customer.events.js';

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

/** The date of birth given at checkout for CME (signed-in section 5), already encrypted by the caller. */
export interface RecordDateOfBirth {
  type: 'RecordDateOfBirth';
  /** AES-256-GCM ciphertext (libs/crypto): the plain date never reaches an event. */
  dobEncrypted: string;
  now: string;
}

export type CustomerCommand =
  | RegisterCustomer
  | RecordDateOfBirth
  | ResendValidation
  | ValidateEmail
  | RequestPasswordReset
  | SetNewPassword
  | StartSession
  | EndSession;
