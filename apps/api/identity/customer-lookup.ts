import { Inject, Injectable } from '@nestjs/common';
import { type Customer, customerDecider } from '#libs/domain/customer/customer.decider.js';
import { type CustomerEvent, customerStreamId } from '#libs/domain/customer/customer.events.js';
import { fold } from '#libs/domain/kernel/decider.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { EVENT_STORE } from '../infrastructure/tokens.js';
import { EmailReservations } from './email-reservations.js';

/** A customer's current state from their stream (for checks the decider cannot make, like verifying a password hash). */
@Injectable()
export class CustomerLookup {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly reservations: EmailReservations,
  ) {}

  async byId(customerId: string): Promise<Customer> {
    const events = await this.store.readStream(customerStreamId(customerId));
    return fold(customerDecider, events as unknown as CustomerEvent[]);
  }

  /** The customer registered under this email (compared case-insensitively), or null. */
  async byEmail(email: string): Promise<Customer | null> {
    const customerId = await this.reservations.customerIdOf(email.trim());
    if (!customerId) return null;
    const customer = await this.byId(customerId);
    return customer.exists ? customer : null;
  }
}
