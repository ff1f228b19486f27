import type { Pool, PoolClient } from 'pg';
import { PROFILE_FIELDS, type ProfileFields } from '#libs/contracts/account.js';
import type { CustomerEvent } from '#libs/domain/customer/customer.events.js';
import type { AutoRenewSettings } from '#libs/domain/renewal/renewal.rules.js';
import type { RecordedEvent } from '#libs/eventstore/event-store.port.js';
import type { ReadModel } from './read-model.js';

type Db = Pick<Pool | PoolClient, 'query'>;

/** The profile's columns carry the field names of ProfileFields (libs/contracts/account.ts). */
const PROFILE_COLUMNS = PROFILE_FIELDS.join(', ');
const profileValues = (p: ProfileFields): (string | null)[] => PROFILE_FIELDS.map((field) => p[field]);
/** `$from, $from+1, ...`: one placeholder per profile field. */
const placeholders = (from: number): string => PROFILE_FIELDS.map((_, i) => `$${from + i}`).join(', ');

const REGISTER = `INSERT INTO customers (customer_id, email, registered_via, registered_at, address, address2, city,
    state, zip, country, autorenew, ${PROFILE_COLUMNS})
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, ${placeholders(12)})`;
const CHANGE_PROFILE = `UPDATE customers SET email = $2, ${PROFILE_FIELDS.map((f, i) => `${f} = $${i + 3}`).join(', ')}
  WHERE customer_id = $1`;

/** Customers for login, the account page and the shell: one row per customer (no secrets). */
export const customersReadModel: ReadModel = {
  name: 'customers',
  // 3: billing address columns; the account page's events (ProfileChanged, addresses, auto-renew).
  // 4: pending_email and the email change's events.
  // 5: licence_encrypted (CmeLicenceRecorded).
  // 6: autorenew_subscriptions (SubscriptionAutoRenewChanged: auto-renew per subscription).
  version: 6,
  tables: ['customers'],
  schema: `
    CREATE TABLE customers (
      customer_id text PRIMARY KEY,
      email text NOT NULL UNIQUE,
      -- A new email asked for on the profile tab, not yet confirmed through the link mailed to it.
      pending_email text,
      firstname text NOT NULL,
      lastname text NOT NULL,
      suffix text,
      specialty text NOT NULL,
      status text,
      address text,
      address2 text,
      city text,
      state text,
      zip text,
      country text,
      billing_address text,
      billing_address2 text,
      billing_city text,
      billing_state text,
      billing_zip text,
      billing_country text,
      phone text,
      autorenew boolean NOT NULL,
      -- Auto-renew chosen for single subscriptions, by type ({"elearning": false}); the account's otherwise.
      autorenew_subscriptions jsonb NOT NULL DEFAULT '{}',
      validated boolean NOT NULL DEFAULT false,
      registered_via text NOT NULL,
      registered_at timestamptz NOT NULL,
      validated_at timestamptz,
      -- AES-256-GCM ciphertext (libs/crypto): decrypted only for the CME accreditor's record.
      dob_encrypted text,
      -- The CME info tab's licence fields, encrypted together the same way (libs/crypto/cme-licence.ts).
      licence_encrypted text
    )`,
  handles: [
    'CustomerRegistered',
    'EmailValidated',
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
  ],
  pipelined: true, // one INSERT or UPDATE per event, answers unread
  async apply(recorded: RecordedEvent, db: PoolClient): Promise<void> {
    const event = recorded as unknown as CustomerEvent;
    switch (event.type) {
      case 'CustomerRegistered': {
        const { customerId, email, profile: p, registeredVia, registeredAt } = event.data;
        await db.query(REGISTER, [
          customerId,
          email,
          registeredVia,
          registeredAt,
          p.address,
          p.address2,
          p.city,
          p.state,
          p.zip,
          p.country,
          p.autorenew,
          ...profileValues(p),
        ]);
        return;
      }
      case 'EmailValidated':
        await db.query('UPDATE customers SET validated = true, validated_at = $2 WHERE customer_id = $1', [
          event.data.customerId,
          event.data.validatedAt,
        ]);
        return;
      case 'DateOfBirthRecorded':
        await db.query('UPDATE customers SET dob_encrypted = $2 WHERE customer_id = $1', [
          event.data.customerId,
          event.data.dobEncrypted,
        ]);
        return;
      case 'CmeLicenceRecorded':
        await db.query('UPDATE customers SET licence_encrypted = $2 WHERE customer_id = $1', [
          event.data.customerId,
          event.data.licenceEncrypted,
        ]);
        return;
      case 'ProfileChanged':
        await db.query(CHANGE_PROFILE, [event.data.customerId, event.data.email, ...profileValues(event.data)]);
        return;
      case 'EmailChangeRequested':
        await db.query('UPDATE customers SET pending_email = $2 WHERE customer_id = $1', [
          event.data.customerId,
          event.data.newEmail,
        ]);
        return;
      case 'EmailChangeConfirmed':
      case 'EmailChangeUndone':
        await db.query('UPDATE customers SET email = $2, pending_email = NULL WHERE customer_id = $1', [
          event.data.customerId,
          event.data.email,
        ]);
        return;
      case 'ShippingAddressChanged': {
        const a = event.data.address;
        await db.query(
          `UPDATE customers SET address = $2, address2 = $3, city = $4, state = $5, zip = $6, country = $7
           WHERE customer_id = $1`,
          [event.data.customerId, a.address, a.address2, a.city, a.state, a.zip, a.country],
        );
        return;
      }
      case 'BillingAddressChanged': {
        const a = event.data.address;
        await db.query(
          `UPDATE customers SET billing_address = $2, billing_address2 = $3, billing_city = $4, billing_state = $5,
             billing_zip = $6, billing_country = $7 WHERE customer_id = $1`,
          [event.data.customerId, a.address, a.address2, a.city, a.state, a.zip, a.country],
        );
        return;
      }
      case 'AutoRenewChanged':
        // The account's box sets every subscription: the single choices made before it no longer count.
        await db.query(`UPDATE customers SET autorenew = $2, autorenew_subscriptions = '{}' WHERE customer_id = $1`, [
          event.data.customerId,
          event.data.autorenew,
        ]);
        return;
      case 'SubscriptionAutoRenewChanged':
        await db.query(
          `UPDATE customers SET autorenew_subscriptions = autorenew_subscriptions || jsonb_build_object($2::text, $3::boolean)
           WHERE customer_id = $1`,
          [event.data.customerId, event.data.subscriptionType, event.data.autorenew],
        );
        return;
    }
  },
};

export interface CustomerRow extends ProfileFields {
  customerId: string;
  email: string;
  address: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
  autorenew: boolean;
  /** Auto-renew chosen for single subscriptions; the others follow `autorenew`. */
  autorenewSubscriptions: AutoRenewSettings['subscriptions'];
  validated: boolean;
}

const SELECT = `SELECT customer_id AS "customerId", email, ${PROFILE_COLUMNS}, address, address2, city, state, zip,
  country, autorenew, autorenew_subscriptions AS "autorenewSubscriptions", validated FROM customers`;

/** A customer's auto-renew settings as the renewal rules read them (libs/domain/renewal/renewal.rules.ts). */
export const autoRenewSettingsOf = (
  customer: Pick<CustomerRow, 'autorenew' | 'autorenewSubscriptions'> | null,
): AutoRenewSettings => ({
  account: customer?.autorenew === true,
  subscriptions: customer?.autorenewSubscriptions ?? {},
});

export async function findCustomerById(db: Db, customerId: string): Promise<CustomerRow | null> {
  const { rows } = await db.query<CustomerRow>(`${SELECT} WHERE customer_id = $1`, [customerId]);
  return rows[0] ?? null;
}

export async function findCustomerByEmail(db: Db, email: string): Promise<CustomerRow | null> {
  const { rows } = await db.query<CustomerRow>(`${SELECT} WHERE email = $1`, [email.toLowerCase()]);
  return rows[0] ?? null;
}

/** An address of the account page (signed-in section 3), in the wire's field names. */
export interface AccountAddressRow {
  ADDRESS: string;
  ADDRESS2: string;
  CITY: string;
  STATE: string;
  ZIP: string;
  COUNTRY: string;
}

/** What the account page's profile, shipping and billing tabs show. */
export interface AccountRow extends ProfileFields {
  email: string;
  pendingEmail: string | null;
  autorenew: boolean;
  custshiptoaddress: AccountAddressRow | null;
  custbilltoaddress: AccountAddressRow | null;
}

type Columns = Record<'address' | 'address2' | 'city' | 'state' | 'zip' | 'country', string | null>;

const addressOf = (c: Columns): AccountAddressRow | null =>
  c.address === null
    ? null
    : {
        ADDRESS: c.address,
        ADDRESS2: c.address2 ?? '',
        CITY: c.city ?? '',
        STATE: c.state ?? '',
        ZIP: c.zip ?? '',
        COUNTRY: c.country ?? '',
      };

export async function findAccount(db: Db, customerId: string): Promise<AccountRow | null> {
  const { rows } = await db.query<
    Omit<AccountRow, 'custshiptoaddress' | 'custbilltoaddress'> & { ship: Columns; bill: Columns }
  >(
    `SELECT ${PROFILE_COLUMNS}, email, pending_email AS "pendingEmail", autorenew,
       json_build_object('address', address, 'address2', address2, 'city', city, 'state', state, 'zip', zip,
         'country', country) AS ship,
       json_build_object('address', billing_address, 'address2', billing_address2, 'city', billing_city,
         'state', billing_state, 'zip', billing_zip, 'country', billing_country) AS bill
     FROM customers WHERE customer_id = $1`,
    [customerId],
  );
  const row = rows[0];
  if (!row) return null;
  const { ship, bill, ...profile } = row;
  return { ...profile, custshiptoaddress: addressOf(ship), custbilltoaddress: addressOf(bill) };
}

/** The customer's date of birth as stored (encrypted), or null when none was given. */
export async function encryptedDobOf(db: Db, customerId: string): Promise<string | null> {
  const { rows } = await db.query<{ dob_encrypted: string | null }>(
    'SELECT dob_encrypted FROM customers WHERE customer_id = $1',
    [customerId],
  );
  return rows[0]?.dob_encrypted ?? null;
}

/** The CME info tab's licence fields as stored (encrypted together), or null when none were given. */
export async function encryptedLicenceOf(db: Db, customerId: string): Promise<string | null> {
  const { rows } = await db.query<{ licence_encrypted: string | null }>(
    'SELECT licence_encrypted FROM customers WHERE customer_id = $1',
    [customerId],
  );
  return rows[0]?.licence_encrypted ?? null;
}
