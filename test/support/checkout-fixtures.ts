/**
 * The checkout contact and the sandbox card the API and crash tests pay with (signed-in section 3:
 * ATTJSON and CARD); docs/payments.md lists the test cards.
 */
export const checkoutContact = (over: Record<string, string> = {}) => ({
  FIRSTNAME: 'Ada',
  LASTNAME: 'Example',
  ADDRESS: '1 Main St',
  CITY: 'Springfield',
  STATE: 'MO',
  ZIP: '65801',
  COUNTRY: 'USA',
  PHONE: '555-0100',
  EMAIL: 'ada@example.test',
  ...over,
});

/** A card the sandbox gateway approves. */
export const SANDBOX_VISA = { CC: '4242424242424242', MONTH: '12', YEAR: '2030', SC: '123' } as const;
