import type { OrderContact } from './order.events.js';

/** The contact of the order specs' orders (deciders and read models). */
export const TEST_CONTACT: OrderContact = {
  FIRSTNAME: 'Ada',
  LASTNAME: 'Example',
  company: null,
  PHONE: '555-0100',
  EMAIL: 'ada@example.test',
  ADDRESS: '1 Main St',
  ADDRESS2: null,
  CITY: 'Springfield',
  STATE: 'MO',
  ZIP: '65801',
  COUNTRY: 'USA',
};
