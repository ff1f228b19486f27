import type { BillingAddress, CheckoutContact, ShippingOption } from '@contracts/cart';

/** Checkout customer data kept in local storage between the steps (signed-in section 4); never card data. */
export const CUSTOMER_KEY = 'customer';

export interface StoredCustomer {
  contact: CheckoutContact;
  billing: BillingAddress | null;
  shipping: ShippingOption;
}

export function readCustomer(): StoredCustomer | null {
  try {
    const raw = localStorage.getItem(CUSTOMER_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredCustomer>;
    if (!parsed.contact || typeof parsed.contact !== 'object') return null;
    return { contact: parsed.contact, billing: parsed.billing ?? null, shipping: parsed.shipping === 2 ? 2 : 1 };
  } catch {
    return null;
  }
}

export function writeCustomer(customer: StoredCustomer): void {
  localStorage.setItem(CUSTOMER_KEY, JSON.stringify(customer));
}

export function clearCustomer(): void {
  localStorage.removeItem(CUSTOMER_KEY);
}
