import { givenWhenThen } from '../kernel/given-when-then.testing.js';
import { customerDecider } from './customer.decider.js';
import { type CustomerEvent, type CustomerProfile, newProfile } from './customer.events.js';

/** The customer the decider's specs are written about: Ada, registered through the form. */
export const given = givenWhenThen(customerDecider);
export const id = 'c-1';
export const now = '2026-03-01T10:00:00.000Z';
export const later = '2026-03-20T10:00:00.000Z';

/** A registration's profile: only what a spec names, the rest empty (no address, no phone). */
export const testProfile = (over: Partial<CustomerProfile> = {}): CustomerProfile =>
  newProfile({ firstname: 'Ada', lastname: 'Example', specialty: 'Plastic Surgery', autorenew: true, ...over });
/** Ada's CustomerRegistered (form, terms agreed, password hash `hash-1`) with this profile. */
export const registeredWith = (profile: CustomerProfile): CustomerEvent => ({
  type: 'CustomerRegistered',
  data: {
    customerId: id,
    email: 'ada@example.test',
    profile,
    passwordHash: 'hash-1',
    agreedToTerms: true,
    registeredVia: 'form',
    registeredAt: now,
  },
});
