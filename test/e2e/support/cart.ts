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
