import type { Pool, PoolClient } from 'pg';
import type { CustomerEvent } from '#libs/domain/customer/customer.events.js';
import type { RecordedEvent } from '#libs/eventstore/event-store.port.js';
import type { ReadModel } from './read-model.js';

type Db = Pick<Pool | PoolClient, 'query'>;

/** Customers for login, the account page and the shell: one row per customer (no secrets). */
export const customersReadModel: ReadModel = {
  name: 'customers',
  version: 2,
  tables: ['customers'],
  schema: `
    CREATE TABLE customers (
      customer_id text PRIMARY KEY,
      email text NOT NULL UNIQUE,
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
      phone text,
      autorenew boolean NOT NULL,
      validated boolean NOT NULL DEFAULT false,
      registered_via text NOT NULL,
      registered_at timestamptz NOT NULL,
      validated_at timestamptz,
      -- AES-256-GCM ciphertext (libs/crypto): decrypted only for the CME accreditor's record.
      dob_encrypted text
    )`,
  handles: ['CustomerRegistered', 'EmailValidated', 'DateOfBirthRecorded'],
  pipelined: true, // one INSERT or UPDATE per event, answers unread
  async apply(recorded: RecordedEvent, db: PoolClient): Promise<void> {
    const event = recorded as unknown as CustomerEvent;
    switch (event.type) {
      case 'CustomerRegistered': {
        const { customerId, email, profile: p, registeredVia, registeredAt } = event.data;
        await db.query(
          `INSERT INTO customers (customer_id, email, firstname, lastname, suffix, specialty, status, address, address2,
             city, state, zip, country, phone, autorenew, registered_via, registered_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
          [
            customerId,
            email,
            p.firstname,
            p.lastname,
            p.suffix,
            p.specialty,
            p.status,
            p.address,
            p.address2,
            p.city,
            p.state,
            p.zip,
            p.country,
            p.phone,
            p.autorenew,
            registeredVia,
            registeredAt,
          ],
        );
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
    }
  },
};

export interface CustomerRow {
  customerId: string;
  email: string;
  firstname: string;
  lastname: string;
  suffix: string | null;
  specialty: string;
  status: string | null;
  address: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
  phone: string | null;
  autorenew: boolean;
  validated: boolean;
}

const SELECT = `SELECT customer_id AS "customerId", email, firstname, lastname, suffix, specialty, status, address,
  address2, city, state, zip, country, phone, autorenew, validated FROM customers`;

export async function findCustomerById(db: Db, customerId: string): Promise<CustomerRow | null> {
  const { rows } = await db.query<CustomerRow>(`${SELECT} WHERE customer_id = $1`, [customerId]);
  return rows[0] ?? null;
}

export async function findCustomerByEmail(db: Db, email: string): Promise<CustomerRow | null> {
  const { rows } = await db.query<CustomerRow>(`${SELECT} WHERE email = $1`, [email.toLowerCase()]);
  return rows[0] ?? null;
}

/** The customer's date of birth as stored (encrypted), or null when none was given. */
export async function encryptedDobOf(db: Db, customerId: string): Promise<string | null> {
  const { rows } = await db.query<{ dob_encrypted: string | null }>(
    'SELECT dob_encrypted FROM customers WHERE customer_id = $1',
    [customerId],
  );
  return rows[0]?.dob_encrypted ?? null;
}
