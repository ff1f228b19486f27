import { expect, type Page } from '@playwright/test';

export const SANDBOX_CARD = '4242424242424242';
export const DECLINED_CARD = '4000000000000002';

/** Fills the checkout/customer form with a US address in the given state. */
export async function fillCustomer(
  page: Page,
  { state = 'MO', email = 'guest@example.test', dob }: { state?: string; email?: string; dob?: string } = {},
): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'First Name' }).fill('Robin');
  await page.getByRole('textbox', { name: 'Last Name' }).fill('Tester');
  await page.getByRole('textbox', { name: 'Phone' }).fill('555-0100');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('1 Main Street');
  await page.getByRole('textbox', { name: 'City' }).fill('Springfield');
  await page.getByRole('combobox', { name: 'Country' }).selectOption('USA');
  await page.getByRole('combobox', { name: 'State' }).selectOption(state);
  await page.getByRole('textbox', { name: 'Zip Code' }).fill('65801');
  if (dob !== undefined) await page.getByRole('textbox', { name: /Date of Birth/ }).fill(dob);
}

export async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Card Number' }).fill(number);
  await page.getByRole('combobox', { name: 'Card Month' }).selectOption('12');
  await page.getByRole('combobox', { name: 'Card Year' }).selectOption('2030');
  await page.getByRole('textbox', { name: 'Security Code' }).fill('123');
}

/** Cents from a shown amount like "$1,234.56". */
export const cents = (text: string): number => Math.round(Number(text.replace(/[^0-9.-]/g, '')) * 100);
