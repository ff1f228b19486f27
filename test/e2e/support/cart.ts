import { expect, type Page } from '@playwright/test';

/** The cart the page's browser holds on the server: the browser keeps only the id (localStorage `cartId`). */
export async function serverCart(page: Page): Promise<{
  items: {
    ID: number;
    NAME: string;
    TYPE: string;
    PRICE: number;
    QTY: number;
    SHIP_WEIGHT: number;
    product: Record<string, unknown>;
  }[];
  cartTotalQty: number;
}> {
  const id = await page.evaluate<string | null>("localStorage.getItem('cartId')");
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  const response = await page.request.get('/api/cart', { headers: { 'X-Cart-Id': id! } });
  expect(response.ok(), await response.text()).toBeTruthy();
  return response.json();
}

/**
 * Logs in through the API, stores the session where the web app keeps it before the first page loads,
 * and returns the token for setting up the customer's server cart.
 */
export async function apiSession(page: Page, email: string, password: string): Promise<string> {
  const response = await page.request.post('/api/auth/login', { data: { email, password, version: 5 } });
  expect(response.ok(), await response.text()).toBeTruthy();
  const { token } = (await response.json()) as { token: string };
  const session = JSON.stringify({
    token,
    version: 5,
    marketing: { pixel: null, target: null },
    OPEN: [],
    EXPIRATIONS: [],
  });
  await page.addInitScript({
    content: `if (!sessionStorage.getItem('e2e-seeded')) { sessionStorage.setItem('e2e-seeded', '1'); localStorage.setItem('session', ${JSON.stringify(session)}); }`,
  });
  return token;
}

/** A customer's cart call with the session token. */
export async function cartCall(
  page: Page,
  token: string,
  method: 'post' | 'delete',
  path: string,
  data?: unknown,
): Promise<void> {
  const response = await page.request[method](`/api/cart${path}`, {
    headers: { authorization: `Bearer ${token}` },
    data,
  });
  expect(response.ok(), await response.text()).toBeTruthy();
}
