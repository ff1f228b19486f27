import type { ProfileFields } from '#libs/contracts/account.js';
import type { SubscriptionType } from '../entitlements/entitlements.events.js';
import type { DomainEvent } from '../kernel/decider.js';

/**
 * Events of the customer stream `customer-{customerId}`. No secret enters an event: passwords only as
 * argon2id hashes, one-time tokens only as SHA-256 hashes.
 */

/**
 * What a registration records (storefront section 3, "Registration user"): the profile
 * (ProfileFields, libs/contracts/account.ts), the address given, auto-renew and the time zone.
 */
export interface CustomerProfile extends ProfileFields {
  address: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
  autorenew: boolean;
  utimezone: string | null;
}

/** A new customer's profile with only what was given: every other field empty, auto-renew off. */
export const newProfile = (
  given: Pick<CustomerProfile, 'firstname' | 'lastname' | 'specialty'> & Partial<CustomerProfile>,
): CustomerProfile => ({
  suffix: null,
  status: null,
  address: null,
  address2: null,
  city: null,
  state: null,
  zip: null,
  country: null,
  phone: null,
  autorenew: false,
  utimezone: null,
  ...given,
});

export type CustomerRegistered = DomainEvent<
  'CustomerRegistered',
  {
    customerId: string;
    /** Lower-cased. */
    email: string;
    profile: CustomerProfile;
    /** argon2id hash; null for an account created by a society sign-in (it signs in through the society). */
    passwordHash: string | null;
    /** The Terms of Use and Privacy Policy box was ticked (agree = 1). */
    agreedToTerms: boolean;
    /** 'form' (user/register) or 'society:{societyId}'. */
    registeredVia: string;
    registeredAt: string;
  }
>;

/** A validation link was (re)issued; only the latest token is valid. */
export type ValidationTokenIssued = DomainEvent<
  'ValidationTokenIssued',
  { customerId: string; tokenHash: string; expiresAt: string; issuedAt: string }
>;

export type EmailValidated = DomainEvent<
  'EmailValidated',
  { customerId: string; email: string; validatedAt: string; via: 'link' | 'society' }
>;

export type PasswordResetRequested = DomainEvent<
  'PasswordResetRequested',
  { customerId: string; tokenHash: string; expiresAt: string; requestedAt: string }
>;

export type PasswordChanged = DomainEvent<
  'PasswordChanged',
  { customerId: string; passwordHash: string; changedAt: string; via: 'reset' | 'profile' }
>;

export type SessionStarted = DomainEvent<
  'SessionStarted',
  { customerId: string; sessionId: string; startedAt: string; via: 'password' | 'society' }
>;

export type SessionEnded = DomainEvent<
  'SessionEnded',
  {
    customerId: string;
    sessionId: string;
    endedAt: string;
    /**
     * 'password_changed': a password change on the account page ends every other session;
     * 'email_change_undone': the undo link of an email change ends every session (whoever asked knew the password).
     */
    reason: 'logout' | 'replaced' | 'password_changed' | 'email_change_undone';
  }
>;

/** The CME accreditor's date of birth, stored encrypted (docs/conventions.md, Write side). */
export type DateOfBirthRecorded = DomainEvent<
  'DateOfBirthRecorded',
  { customerId: string; dobEncrypted: string; recordedAt: string }
>;

/**
 * The CME info tab's licence fields (licence state and number, ABMS board id: the learner identifiers
 * of the PARS export, docs/audit.md), encrypted together as the date of birth is; null: none on record.
 */
export type CmeLicenceRecorded = DomainEvent<
  'CmeLicenceRecorded',
  { customerId: string; licenceEncrypted: string | null; recordedAt: string }
>;

/** A postal address of the account page's shipping or billing tab (signed-in section 3). */
export interface PostalAddress {
  address: string;
  /** Empty when not given. */
  address2: string;
  city: string;
  /** A US state key, or NOTUS ("Not United States"). */
  state: string;
  zip: string;
  /** 3-letter country code. */
  country: string;
}

/** The profile tab saved (signed-in section 2): every field as it now is. The email lower-cased. */
export type ProfileChanged = DomainEvent<
  'ProfileChanged',
  ProfileFields & { customerId: string; email: string; changedAt: string }
>;

/**
 * The profile tab asked for a new email, the current password given (signed-in section 2). Nothing
 * changes yet: login and mail stay on `email` until the link mailed to `newEmail` is followed; the old
 * address is told, with a link to undo. A later request replaces this one (its links stop working).
 */
export type EmailChangeRequested = DomainEvent<
  'EmailChangeRequested',
  {
    customerId: string;
    /** The address the account keeps until the change is confirmed. */
    email: string;
    /** Lower-cased. */
    newEmail: string;
    /** SHA-256 of the token of the link mailed to the new address. */
    confirmTokenHash: string;
    expiresAt: string;
    /** SHA-256 of the token of the undo link mailed to the old address. */
    undoTokenHash: string;
    undoExpiresAt: string;
    requestedAt: string;
  }
>;

/** The link mailed to the new address was followed: from now on the account is `email`. */
export type EmailChangeConfirmed = DomainEvent<
  'EmailChangeConfirmed',
  { customerId: string; previousEmail: string; email: string; confirmedAt: string }
>;

/**
 * The undo link mailed to the old address was followed: a pending change is dropped (`restored`
 * false), or a confirmed one is reversed (`restored` true). `email` is the account's address after it.
 */
export type EmailChangeUndone = DomainEvent<
  'EmailChangeUndone',
  { customerId: string; email: string; cancelledEmail: string; restored: boolean; undoneAt: string }
>;

export type ShippingAddressChanged = DomainEvent<
  'ShippingAddressChanged',
  { customerId: string; address: PostalAddress; changedAt: string }
>;

export type BillingAddressChanged = DomainEvent<
  'BillingAddressChanged',
  { customerId: string; address: PostalAddress; changedAt: string }
>;

/**
 * The account's auto-renew (the profile's box, PUT /api/account/auto-renew): it sets every
 * subscription, so the choices made for single subscriptions before it no longer count.
 */
export type AutoRenewChanged = DomainEvent<
  'AutoRenewChanged',
  { customerId: string; autorenew: boolean; changedAt: string }
>;

/**
 * One subscription's auto-renew set apart from the account's: on the Subscriptions tab (`via`
 * account), or by the pay screen's box of a subscription the paid order `onum` bought (`via` checkout).
 */
export type SubscriptionAutoRenewChanged = DomainEvent<
  'SubscriptionAutoRenewChanged',
  {
    customerId: string;
    subscriptionType: SubscriptionType;
    autorenew: boolean;
    via: 'account' | 'checkout';
    onum: number | null;
    changedAt: string;
  }
>;

export type CustomerEvent =
  | CustomerRegistered
  | ProfileChanged
  | EmailChangeRequested
  | EmailChangeConfirmed
  | EmailChangeUndone
  | ShippingAddressChanged
  | BillingAddressChanged
  | AutoRenewChanged
  | SubscriptionAutoRenewChanged
  | DateOfBirthRecorded
  | CmeLicenceRecorded
  | ValidationTokenIssued
  | EmailValidated
  | PasswordResetRequested
  | PasswordChanged
  | SessionStarted
  | SessionEnded;

export const CUSTOMER_EVENT_TYPES = [
  'CustomerRegistered',
  'ValidationTokenIssued',
  'EmailValidated',
  'PasswordResetRequested',
  'PasswordChanged',
  'SessionStarted',
  'SessionEnded',
  'DateOfBirthRecorded',
  'CmeLicenceRecorded',
  'ProfileChanged',
  'EmailChangeRequested',
  'EmailChangeConfirmed',
  'EmailChangeUndone',
  'ShippingAddressChanged',
  'BillingAddressChanged',
  'AutoRenewChanged',
  'SubscriptionAutoRenewChanged',
] as const satisfies readonly CustomerEvent['type'][];

export const customerStreamId = (customerId: string): string => `customer-${customerId}`;
