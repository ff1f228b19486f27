import type { Pool } from 'pg';
import type { Country, ReferenceData, ShippingRate, State } from '#libs/contracts/catalog.js';
import { SPECIALTIES, STATUSES, SUFFIXES } from '#libs/contracts/identity.js';

type Db = Pick<Pool, 'query'>;

/** Profile subscription types (storefront section 3). */
export const PROFILE_SUBSCRIPTION_TYPES = ['complete', 'streaming_all', 'pulse', 'elearning', 'cme'];
/** Common country groups (signed-in section 3). */
export const COMMON_COUNTRIES = ['USA', 'GBR'];
export const CHECKOUT_COMMON_COUNTRIES = ['USA', 'AUS', 'BRA', 'CAN', 'DEU', 'NLD', 'GBR'];

/** The lookup lists of the forms: states with NOTUS first, countries by name. */
export async function referenceData(db: Db): Promise<ReferenceData> {
  const [states, countries] = await Promise.all([
    db.query<State>(`SELECT key, value FROM catalog_states ORDER BY key = 'NOTUS' DESC, value, key`),
    db.query<Country>('SELECT code, name FROM catalog_countries ORDER BY name, code'),
  ]);
  return {
    specialties: [...SPECIALTIES],
    statuses: [...STATUSES],
    suffixes: [...SUFFIXES],
    profileSubscriptionTypes: [...PROFILE_SUBSCRIPTION_TYPES],
    states: states.rows,
    countries: countries.rows,
    commonCountries: [...COMMON_COUNTRIES],
    checkoutCommonCountries: [...CHECKOUT_COMMON_COUNTRIES],
  };
}

/** Every country with the rates of its shipping zone (storefront section 9), in cents. */
export async function shippingRates(db: Db): Promise<ShippingRate[]> {
  const { rows } = await db.query<ShippingRate>(
    `SELECT c.code AS "COUNTRY", z.zone, z.onetofour, z.fivetoten, z.eleventotwenty, z.twentyplus, z.expeditedfee
       FROM catalog_countries c JOIN catalog_shipping_zones z ON z.zone = c.zone
      ORDER BY c.code`,
  );
  return rows;
}
