import { BadRequestException } from '@nestjs/common';
import type { Pool } from 'pg';
import { referenceData } from '#libs/catalog/reference.queries.js';

/**
 * The checkout's address rules that need the reference lists of the catalog (catalog_countries and
 * catalog_states, signed-in section 3), checked after the DTO rules and before anything is priced
 * or charged. The rules themselves are pure (`addressMessages`); `validateCheckoutAddresses` loads
 * the lists and answers 400 with every message.
 */

export const NOT_US = 'NOTUS';
export const USA = 'USA';

export const UNKNOWN_COUNTRY = 'Country must be one of the listed countries.';
export const UNKNOWN_STATE = 'State must be one of the listed states.';
export const US_STATE_REQUIRED = 'State must be a US state for the United States.';
export const NOT_US_STATE_REQUIRED = 'State must be Not United States for a country other than the United States.';
export const US_ZIP = 'Zip Code must be 5 digits (or ZIP+4) for the United States.';

/**
 * US territories that also have a country code of their own: with that country the territory's
 * state key is accepted as well as NOTUS.
 */
const TERRITORY_STATE: Readonly<Record<string, string>> = {
  ASM: 'AS',
  GUM: 'GU',
  MNP: 'MP',
  PRI: 'PR',
  UMI: 'UM',
  VIR: 'VI',
};

export interface AddressReference {
  /** Country codes, upper case. */
  countries: ReadonlySet<string>;
  /** State keys, upper case, NOTUS included. */
  states: ReadonlySet<string>;
}

export interface CheckedAddress {
  COUNTRY: string;
  STATE: string;
  /** Checked when given (a quote has none). */
  ZIP?: string;
}

/** Every message about one address; `label` prefixes them ('' for the contact, 'Billing ' for billing). */
export function addressMessages(address: CheckedAddress, reference: AddressReference, label = ''): string[] {
  const country = address.COUNTRY.trim().toUpperCase();
  const state = address.STATE.trim().toUpperCase();
  const messages: string[] = [];
  if (!reference.countries.has(country)) messages.push(UNKNOWN_COUNTRY);
  if (!reference.states.has(state)) messages.push(UNKNOWN_STATE);
  else if (country === USA && state === NOT_US) messages.push(US_STATE_REQUIRED);
  else if (reference.countries.has(country) && country !== USA && state !== NOT_US) {
    if (TERRITORY_STATE[country] !== state) messages.push(NOT_US_STATE_REQUIRED);
  }
  if (country === USA && address.ZIP !== undefined && !/^\d{5}(-\d{4})?$/.test(address.ZIP.trim())) {
    messages.push(US_ZIP);
  }
  return messages.map((m) => `${label}${m}`);
}

export async function loadAddressReference(db: Pick<Pool, 'query'>): Promise<AddressReference> {
  const { countries, states } = await referenceData(db);
  return {
    countries: new Set(countries.map((c) => c.code.toUpperCase())),
    states: new Set(states.map((s) => s.key.toUpperCase())),
  };
}

/**
 * Checks the contact's address and, when given, the billing address against the reference lists;
 * throws 400 `{message: [...]}` listing every problem. For POST /api/checkout/pay call it with
 * `{ contact: body.ATTJSON, billing: body.BILLINGJSON }`, for the quote with `{ contact: body }`.
 */
export async function validateCheckoutAddresses(
  db: Pick<Pool, 'query'>,
  addresses: { contact: CheckedAddress; billing?: CheckedAddress | null },
): Promise<void> {
  const reference = await loadAddressReference(db);
  const messages = [
    ...addressMessages(addresses.contact, reference),
    ...(addresses.billing ? addressMessages(addresses.billing, reference, 'Billing ') : []),
  ];
  if (messages.length > 0) throw new BadRequestException({ message: messages });
}
