import type { AccountCommand } from './customer.commands.js';
import type { CustomerEvent, CustomerProfile, PostalAddress } from './customer.events.js';

/**
 * The account page's part of the customer decider (signed-in section 2): the profile, shipping and
 * billing tabs and the auto-renew box. Pure; a save that changes nothing records nothing.
 */

/** The profile tab's fields as the stream last recorded them. */
export interface AccountProfile {
  firstname: string;
  lastname: string;
  suffix: string | null;
  specialty: string;
  status: string | null;
  phone: string | null;
}

export interface AccountState {
  profile: AccountProfile | null;
  shipping: PostalAddress | null;
  billing: PostalAddress | null;
  autorenew: boolean;
}

/** What the account part reads of the customer's state. */
export interface AccountView extends AccountState {
  email: string;
  activeSessions: readonly string[];
}

export const initialAccount: AccountState = { profile: null, shipping: null, billing: null, autorenew: false };

const sameAddress = (a: PostalAddress | null, b: PostalAddress): boolean =>
  a !== null &&
  a.address === b.address &&
  a.address2 === b.address2 &&
  a.city === b.city &&
  a.state === b.state &&
  a.zip === b.zip &&
  a.country === b.country;

const sameProfile = (a: AccountProfile | null, b: AccountProfile): boolean =>
  a !== null &&
  a.firstname === b.firstname &&
  a.lastname === b.lastname &&
  a.suffix === b.suffix &&
  a.specialty === b.specialty &&
  a.status === b.status &&
  a.phone === b.phone;

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
      const events: CustomerEvent[] = [];
      const profile: AccountProfile = {
        firstname: command.firstname,
        lastname: command.lastname,
        suffix: command.suffix,
        specialty: command.specialty,
        status: command.status,
        phone: command.phone,
      };
      const email = command.email.toLowerCase();
      if (!sameProfile(view.profile, profile) || email !== view.email) {
        events.push({ type: 'ProfileChanged', data: { customerId, ...profile, email, changedAt } });
      }
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
  }
}

/** The account part of `evolve`: null when the event is none of its business. */
export function evolveAccount(state: AccountState, event: CustomerEvent): AccountState | null {
  switch (event.type) {
    case 'CustomerRegistered': {
      const p = event.data.profile;
      const { firstname, lastname, suffix, specialty, status, phone } = p;
      return {
        profile: { firstname, lastname, suffix, specialty, status, phone },
        shipping: registeredAddress(p),
        billing: null,
        autorenew: p.autorenew,
      };
    }
    case 'ProfileChanged': {
      const { firstname, lastname, suffix, specialty, status, phone } = event.data;
      return { ...state, profile: { firstname, lastname, suffix, specialty, status, phone } };
    }
    case 'ShippingAddressChanged':
      return { ...state, shipping: event.data.address };
    case 'BillingAddressChanged':
      return { ...state, billing: event.data.address };
    case 'AutoRenewChanged':
      return { ...state, autorenew: event.data.autorenew };
    default:
      return null;
  }
}
