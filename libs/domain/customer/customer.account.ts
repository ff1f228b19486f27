import { PROFILE_FIELDS, type ProfileFields } from '#libs/contracts/account.js';
import type { SubscriptionType } from '../entitlements/entitlements.events.js';
import { DomainError } from '../kernel/decider.js';
import { autoRenews } from '../renewal/renewal.rules.js';
import type { AccountCommand } from './customer.commands.js';
import { asksEmailChange, type PendingEmail, requestEmailChange } from './customer.email-change.js';
import { CustomerErrors } from './customer.errors.js';
import type { CustomerEvent, CustomerProfile, PostalAddress } from './customer.events.js';

/**
 * The account page's part of the customer decider (signed-in section 2): the profile, shipping and
 * billing tabs, the auto-renew box and each subscription's auto-renew (the Subscriptions tab, the pay
 * screen). Pure; a save that changes nothing records nothing.
 */

export interface AccountState {
  /** The profile tab's fields as the stream last recorded them. */
  profile: ProfileFields | null;
  shipping: PostalAddress | null;
  billing: PostalAddress | null;
  /** The account's auto-renew: what a subscription without a choice of its own does. */
  autorenew: boolean;
  /** Auto-renew chosen for single subscriptions since the account's was last set (libs/domain/renewal). */
  autorenewSubscriptions: Partial<Record<SubscriptionType, boolean>>;
}

/** What the account part reads of the customer's state. */
export interface AccountView extends AccountState {
  email: string;
  pendingEmail: PendingEmail | null;
  activeSessions: readonly string[];
}

export const initialAccount: AccountState = {
  profile: null,
  shipping: null,
  billing: null,
  autorenew: false,
  autorenewSubscriptions: {},
};

const sameAddress = (a: PostalAddress | null, b: PostalAddress): boolean =>
  a !== null &&
  a.address === b.address &&
  a.address2 === b.address2 &&
  a.city === b.city &&
  a.state === b.state &&
  a.zip === b.zip &&
  a.country === b.country;

/** The profile fields of anything that carries them (a command, an event, a registration). */
const profileOf = (source: ProfileFields): ProfileFields =>
  Object.fromEntries(PROFILE_FIELDS.map((field) => [field, source[field]])) as unknown as ProfileFields;

const sameProfile = (a: ProfileFields | null, b: ProfileFields): boolean =>
  a !== null && PROFILE_FIELDS.every((field) => a[field] === b[field]);

/** The shipping address a registration gave, when it gave one. */
export function registeredAddress(p: CustomerProfile): PostalAddress | null {
  if (!p.address) return null;
  return {
    address: p.address,
    address2: p.address2 ?? '',
    city: p.city ?? '',
    state: p.state ?? '',
    zip: p.zip ?? '',
    country: p.country ?? '',
  };
}

export function decideAccount(command: AccountCommand, customerId: string, view: AccountView): CustomerEvent[] {
  const changedAt = command.now;
  switch (command.type) {
    case 'ChangeProfile': {
      // Read before another save changed the email: deciding again now would undo that change.
      if (command.expectedEmail.toLowerCase() !== view.email) {
        throw new DomainError('email_changed_meanwhile', CustomerErrors.email_changed_meanwhile);
      }
      const events: CustomerEvent[] = [];
      const profile = profileOf(command);
      const email = command.email.toLowerCase();
      const newEmail = asksEmailChange(email, view);
      // A session token alone changes neither the email nor the password.
      if ((newEmail || command.passwordHash !== null) && !command.currentPasswordVerified) {
        throw new DomainError('current_password_required', CustomerErrors.current_password_required);
      }
      if (!sameProfile(view.profile, profile)) {
        events.push({ type: 'ProfileChanged', data: { customerId, ...profile, email: view.email, changedAt } });
      }
      // The new email waits for its link; the account's email is unchanged until then.
      if (newEmail) events.push(requestEmailChange(customerId, email, command.emailChange, view, changedAt));
      if (command.autorenew !== null && command.autorenew !== view.autorenew) {
        events.push({ type: 'AutoRenewChanged', data: { customerId, autorenew: command.autorenew, changedAt } });
      }
      if (command.passwordHash !== null) {
        events.push({
          type: 'PasswordChanged',
          data: { customerId, passwordHash: command.passwordHash, changedAt, via: 'profile' },
        });
        // A new password ends every other session of the account; the one saving the form keeps working.
        for (const sessionId of view.activeSessions) {
          if (sessionId === command.sessionId) continue;
          events.push({
            type: 'SessionEnded',
            data: { customerId, sessionId, endedAt: changedAt, reason: 'password_changed' },
          });
        }
      }
      return events;
    }
    case 'ChangeShippingAddress':
      if (sameAddress(view.shipping, command.address)) return [];
      return [{ type: 'ShippingAddressChanged', data: { customerId, address: command.address, changedAt } }];
    case 'ChangeBillingAddress':
      if (sameAddress(view.billing, command.address)) return [];
      return [{ type: 'BillingAddressChanged', data: { customerId, address: command.address, changedAt } }];
    case 'ChangeAutoRenew':
      if (command.autorenew === view.autorenew) return [];
      return [{ type: 'AutoRenewChanged', data: { customerId, autorenew: command.autorenew, changedAt } }];
    case 'ChangeSubscriptionAutoRenew': {
      const settings = { account: view.autorenew, subscriptions: { ...view.autorenewSubscriptions } };
      const events: CustomerEvent[] = [];
      for (const { subscriptionType, autorenew } of command.choices) {
        // A choice the subscription already follows (its own, or the account's) records nothing.
        if (autoRenews(settings, subscriptionType) === autorenew) continue;
        settings.subscriptions[subscriptionType] = autorenew;
        const { via, onum } = command;
        events.push({
          type: 'SubscriptionAutoRenewChanged',
          data: { customerId, subscriptionType, autorenew, via, onum, changedAt },
        });
      }
      return events;
    }
  }
}

/** The account part of `evolve`: null when the event is none of its business. */
export function evolveAccount(state: AccountState, event: CustomerEvent): AccountState | null {
  switch (event.type) {
    case 'CustomerRegistered': {
      const p = event.data.profile;
      return {
        profile: profileOf(p),
        shipping: registeredAddress(p),
        billing: null,
        autorenew: p.autorenew,
        autorenewSubscriptions: {},
      };
    }
    case 'ProfileChanged':
      return { ...state, profile: profileOf(event.data) };
    case 'ShippingAddressChanged':
      return { ...state, shipping: event.data.address };
    case 'BillingAddressChanged':
      return { ...state, billing: event.data.address };
    case 'AutoRenewChanged':
      // The account's box sets every subscription: the single choices made before it no longer count.
      return { ...state, autorenew: event.data.autorenew, autorenewSubscriptions: {} };
    case 'SubscriptionAutoRenewChanged':
      return {
        ...state,
        autorenewSubscriptions: {
          ...state.autorenewSubscriptions,
          [event.data.subscriptionType]: event.data.autorenew,
        },
      };
    default:
      return null;
  }
}
