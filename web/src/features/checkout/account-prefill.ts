import type { AccountAddress, AccountUser } from '@contracts/account';
import type { BillingAddress, CheckoutContact } from '@contracts/cart';

/** What checkout/customer takes from the account: contact, shipping address and a differing billing address. */
export interface AccountPrefill {
  contact: Partial<CheckoutContact>;
  differentBilling: boolean;
  billing: BillingAddress | null;
}

const sameAddress = (a: AccountAddress, b: AccountAddress): boolean =>
  (['ADDRESS', 'ADDRESS2', 'CITY', 'STATE', 'ZIP', 'COUNTRY'] as const).every(
    (key) => (a[key] ?? '').trim().toLowerCase() === (b[key] ?? '').trim().toLowerCase(),
  );

/**
 * The saved account fills an empty checkout form (signed-in section 2: saved addresses prefill
 * checkout): the name, phone and email, the shipping address, and the billing address into the
 * "different billing address" block when it differs from the shipping one.
 */
export function prefillFrom(account: AccountUser): AccountPrefill {
  const ship = account.custshiptoaddress;
  const bill = account.custbilltoaddress;
  const contact: Partial<CheckoutContact> = {
    FIRSTNAME: account.firstname,
    LASTNAME: account.lastname,
    EMAIL: account.email,
    ...(account.phone ? { PHONE: account.phone } : {}),
    ...(ship ? { ...ship } : {}),
  };
  const differs = bill !== null && (ship === null || !sameAddress(ship, bill));
  return { contact, differentBilling: differs, billing: differs ? { ...bill } : null };
}
