import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { CatalogCache } from '#libs/catalog/catalog-cache.js';
import { referenceData } from '#libs/catalog/reference.queries.js';
import { PG_POOL } from '../infrastructure/tokens.js';

/**
 * The checkout's address rules that need the reference lists of the catalog (catalog_countries and
 * catalog_states, signed-in section 3), checked after the DTO rules and before anything is priced
 * or charged. The rules themselves are pure (`addressMessages`); `AddressReferences` keeps the lists
 * in the catalog cache (emptied by every catalog import) and `validateCheckoutAddresses` answers 400
 * with every message.
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
 * The country codes and state keys from the catalog cache: read from the tables once per catalog
 * import, not per quote or save (the lists are read by every checkout step and address tab).
 */
@Injectable()
export class AddressReferences {
  private last: { text: string; reference: AddressReference } | null = null;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CatalogCache) private readonly cache: CatalogCache,
  ) {}

  async current(): Promise<AddressReference> {
    const text = await this.cache.get('address-reference', async () => {
      const { countries, states } = await loadAddressReference(this.pool);
      return JSON.stringify({ countries: [...countries], states: [...states] });
    });
    if (this.last?.text !== text) {
      const lists = JSON.parse(text) as { countries: string[]; states: string[] };
      this.last = { text, reference: { countries: new Set(lists.countries), states: new Set(lists.states) } };
    }
    return this.last.reference;
  }
}

/**
 * Checks the contact's address and, when given, the billing address against the reference lists;
 * throws 400 `{message: [...]}` listing every problem (the lists from `AddressReferences.current()`). For POST /api/checkout/pay call it with
 * `{ contact: body.ATTJSON, billing: body.BILLINGJSON }`, for the quote with `{ contact: body }`.
 */
export function validateCheckoutAddresses(
  reference: AddressReference,
  addresses: { contact: CheckedAddress; billing?: CheckedAddress | null },
): void {
  const messages = [
    ...addressMessages(addresses.contact, reference),
    ...(addresses.billing ? addressMessages(addresses.billing, reference, 'Billing ') : []),
  ];
  if (messages.length > 0) throw new BadRequestException({ message: messages });
}
