import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { onceSucceeded } from '#libs/database/once-succeeded.js';
import { PG_POOL } from '../infrastructure/tokens.js';

export const EMAIL_RESERVATIONS_SCHEMA = `
CREATE TABLE IF NOT EXISTS email_reservations (
  email text PRIMARY KEY,
  customer_id text NOT NULL UNIQUE,
  reserved_at timestamptz NOT NULL DEFAULT now()
)`;

/**
 * One account per email across customer streams: a row taken before the CustomerRegistered append,
 * released if the append fails. Emails are stored lower-cased.
 */
@Injectable()
export class EmailReservations {
  private readonly ensureTable = onceSucceeded(() => this.pool.query(EMAIL_RESERVATIONS_SCHEMA));

  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /** True when the email is now reserved for this customer; false when someone holds it. */
  async reserve(email: string, customerId: string): Promise<boolean> {
    await this.ensureTable();
    const { rowCount } = await this.pool.query(
      'INSERT INTO email_reservations (email, customer_id) VALUES ($1, $2) ON CONFLICT (email) DO NOTHING',
      [email.toLowerCase(), customerId],
    );
    return rowCount === 1;
  }

  /**
   * Reserves the email for a new customer, then runs `register` (the append); releases the
   * reservation if `register` fails. False, without calling `register`, when the email is taken.
   */
  async registerUnder(email: string, customerId: string, register: () => Promise<unknown>): Promise<boolean> {
    if (!(await this.reserve(email, customerId))) return false;
    try {
      await register();
    } catch (error) {
      await this.release(email, customerId);
      throw error;
    }
    return true;
  }

  /**
   * Moves the customer's reservation from `from` to `to`, then runs `change` (the append); moves it
   * back if `change` fails. Without calling `change`: 'taken' when another account holds `to` (the
   * primary key decides between two concurrent changes to the same email), 'not_held' when the
   * customer no longer holds `from` (another change of this account moved it first).
   */
  async changeUnder(
    from: string,
    to: string,
    customerId: string,
    change: () => Promise<unknown>,
  ): Promise<'moved' | 'taken' | 'not_held'> {
    await this.ensureTable();
    const move = async (a: string, b: string): Promise<'moved' | 'taken' | 'not_held'> => {
      try {
        const { rowCount } = await this.pool.query(
          'UPDATE email_reservations SET email = $2, reserved_at = now() WHERE email = $1 AND customer_id = $3',
          [a.toLowerCase(), b.toLowerCase(), customerId],
        );
        return rowCount === 1 ? 'moved' : 'not_held';
      } catch (error) {
        if ((error as { code?: unknown }).code === '23505') return 'taken'; // unique_violation: the email is held
        throw error;
      }
    };
    const moved = await move(from, to);
    if (moved !== 'moved') return moved;
    try {
      await change();
    } catch (error) {
      await move(to, from);
      throw error;
    }
    return 'moved';
  }

  async release(email: string, customerId: string): Promise<void> {
    await this.ensureTable();
    await this.pool.query('DELETE FROM email_reservations WHERE email = $1 AND customer_id = $2', [
      email.toLowerCase(),
      customerId,
    ]);
  }

  /** The customer holding this email, or null. Written before the append, so it never lags behind it. */
  async customerIdOf(email: string): Promise<string | null> {
    await this.ensureTable();
    const { rows } = await this.pool.query<{ customer_id: string }>(
      'SELECT customer_id FROM email_reservations WHERE email = $1',
      [email.toLowerCase()],
    );
    return rows[0]?.customer_id ?? null;
  }
}
