import { ADA_ADDRESS } from './customer-fixtures.js';

/**
 * The checkout contact and the sandbox card the API and crash tests pay with (signed-in section 3:
 * ATTJSON and CARD); docs/payments.md lists the test cards.
 */
export const checkoutContact = (over: Record<string, string> = {}) => ({
  ...ADA_ADDRESS,
  EMAIL: 'ada@example.test',
  ...over,
});

/** A card the sandbox gateway approves. */
export const SANDBOX_VISA = { CC: '4242424242424242', MONTH: '12', YEAR: '2030', SC: '123' } as const;
